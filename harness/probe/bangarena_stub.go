package probe

func bangarenaChecks() []Check { return nil }
