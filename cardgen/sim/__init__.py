"""Monte Carlo statistics over many simulated games: runner (any Executor), stats, report PDF."""
