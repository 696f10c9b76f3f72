package server

import "runtime"

func goroutines() int { return runtime.NumGoroutine() }
