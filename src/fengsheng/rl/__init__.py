"""风声 as a reinforcement-learning environment (PettingZoo AEC and parallel APIs). See ``docs/rl.md``."""
