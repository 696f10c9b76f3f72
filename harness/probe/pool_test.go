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
// units, an Inference suite one, and the pool holds three units per core
// (three BangArena suites or six Inference suites on two cores, as the
// fault matrix played them before the pool).
type suitePool struct {
	mu    sync.Mutex // held while a suite takes its units, so two suites never split them
	units chan struct{}
}

func newSuitePool(units int) *suitePool {
	return &suitePool{units: make(chan struct{}, units)}
}

// testSuites is the pool of the package's tests.
var testSuites = sync.OnceValue(func() *suitePool {
	return newSuitePool(max(4, 3*runtime.GOMAXPROCS(0)))
})

// suiteUnits is how many units a suite of game takes.
func suiteUnits(game string) int {
	if game == GameBangArena {
		return 2
	}
	return 1
}

// acquire waits until a suite of game may play and returns its release.
func (p *suitePool) acquire(game string) (release func()) {
	n := min(suiteUnits(game), cap(p.units))
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

// ahead plays f in the pool as a suite of game, at once in the background,
// and returns its future.
func ahead[T any](game string, f func() (T, error)) *future[T] {
	fu := &future[T]{done: make(chan struct{})}
	go func() {
		defer close(fu.done)
		release := testSuites().acquire(game)
		defer release()
		fu.got, fu.err = f()
	}()
	return fu
}

// wait returns the future's result once it is played.
func (fu *future[T]) wait() (T, error) {
	<-fu.done
	return fu.got, fu.err
}
