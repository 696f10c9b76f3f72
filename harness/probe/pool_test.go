package probe

import (
	"runtime"
	"sync"
)

// suitePool bounds the whole suites the package's tests play side by side,
// whichever test plays them (the fault matrices, the dialect tables, the
// plain suites): each heavy test hands its suites to the pool when it
// starts, before it waits for the sequential tests as t.Parallel does, so
// the suites of every test fill the cores together instead of one test's
// tail at a time. A BangArena suite keeps about two thirds of a core busy,
// an Inference suite mostly waits on deadlines: a BangArena suite takes two
// or three units (suiteUnits), an Inference suite one, and the pool holds
// three units per core (on two cores three BangArena suites of the planned
// rooms or two that play on, or six Inference suites: no more than the
// fault matrix and the dialect tables played side by side before).
//
// The suites handed over wait until a test reads one (wait, plainSuite),
// which the heavy tests do once they run in parallel, after every
// sequential test: those keep the machine to themselves as before (some
// bound how long a hostile server may take).
type suitePool struct {
	mu    sync.Mutex // held while a suite takes its units, so two suites never split them
	units chan struct{}
	gate  chan struct{} // closed once a test reads a suite
	open  func()
}

func newSuitePool(units int) *suitePool {
	p := &suitePool{units: make(chan struct{}, units), gate: make(chan struct{})}
	p.open = sync.OnceFunc(func() { close(p.gate) })
	return p
}

// testSuites is the pool of the package's tests.
var testSuites = sync.OnceValue(func() *suitePool {
	return newSuitePool(max(4, 3*runtime.GOMAXPROCS(0)))
})

// suiteUnits is how many units a suite of game takes: a BangArena suite
// that plays on (within the default budget) three, so that no more play
// on side by side than the dialect table played before the pool (two on
// two cores; more, on a loaded machine, left the server's answers later
// than 15 s), one that plays the planned rooms alone two, an Inference
// suite one.
func suiteUnits(game string, playsOn bool) int {
	switch {
	case game != GameBangArena:
		return 1
	case playsOn:
		return 3
	}
	return 2
}

// acquire waits until a suite of n units may play and returns its release.
func (p *suitePool) acquire(n int) (release func()) {
	n = min(n, cap(p.units))
	p.mu.Lock()
	for range n {
		p.units <- struct{}{}
	}
	p.mu.Unlock()
	return func() {
		for range n {
			<-p.units
		}
	}
}

// future is a result played ahead of the test that reads it.
type future[T any] struct {
	done chan struct{}
	got  T
	err  error
}

// ahead plays f in the pool as a suite of units (suiteUnits), in the
// background once a test reads a suite, and returns its future.
func ahead[T any](units int, f func() (T, error)) *future[T] {
	fu := &future[T]{done: make(chan struct{})}
	go func() {
		defer close(fu.done)
		<-testSuites().gate
		release := testSuites().acquire(units)
		defer release()
		fu.got, fu.err = f()
	}()
	return fu
}

// wait returns the future's result once it is played.
func (fu *future[T]) wait() (T, error) {
	testSuites().open()
	<-fu.done
	return fu.got, fu.err
}
