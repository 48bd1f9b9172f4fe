"""Teaching walkthroughs: simulated games drawn frame by frame, stage by stage."""
