"""The FALLING teaching walkthrough: simulated games, stage by stage, drawn frame by frame."""
