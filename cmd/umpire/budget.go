package main

import (
	"time"
)

// budgetFlag is a run's budget flag (conform --timeout, certify
// --run-budget): "auto" (the default: derived from what the run asks), a
// duration, or 0 for no budget.
type budgetFlag struct {
	d   time.Duration
	set bool
}

func (b *budgetFlag) String() string {
	if b == nil || !b.set {
		return "auto"
	}
	return b.d.String()
}

func (b *budgetFlag) Set(v string) error {
	if v == "auto" {
		*b = budgetFlag{}
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return err
	}
	if d < 0 {
		return errNegativeBudget
	}
	*b = budgetFlag{d: d, set: true}
	return nil
}

// or returns the budget given, else auto's.
func (b *budgetFlag) or(auto time.Duration) time.Duration {
	if b.set {
		return b.d
	}
	return auto
}

type budgetError string

func (e budgetError) Error() string { return string(e) }

const errNegativeBudget = budgetError("a budget is a duration of 0 or more (0: none), or auto")
