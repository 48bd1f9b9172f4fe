"""cardgen.commands"""
