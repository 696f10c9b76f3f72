package bangarena

import "runtime"

func goroutines() int { return runtime.NumGoroutine() }
