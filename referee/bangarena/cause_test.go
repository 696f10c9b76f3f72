package bangarena

import "testing"

func TestCause(t *testing.T) {
	g, err := NewGame(Config{Seats: 5}, "cause")
	if err != nil {
		t.Fatal(err)
	}
	before := g.EventCount()
	if before == 0 {
		t.Fatal("a new game has emitted no event")
	}
	if c := g.Cause(1); c != "" {
		t.Fatalf("Cause(1) = %q before TrackRules, want none", c)
	}
	g.TrackRules()
	g.emit(Event{Type: "t0"})
	prev := g.because("bangarena/5.saloon")
	g.emit(Event{Type: "t1"})
	inner := g.because("bangarena/9.elimination")
	g.emit(Event{Type: "t2"})
	g.restore(inner)
	g.emit(Event{Type: "t3"})
	g.restore(prev)
	g.emit(Event{Type: "t4"})
	want := []string{"", "bangarena/5.saloon", "bangarena/9.elimination", "bangarena/5.saloon", ""}
	for i, w := range want {
		seq := before + 1 + i
		if got := g.Cause(seq); got != w {
			t.Errorf("Cause(%d) = %q, want %q", seq, got, w)
		}
	}
	for _, seq := range []int{0, -1, before + len(want) + 1} {
		if got := g.Cause(seq); got != "" {
			t.Errorf("Cause(%d) = %q out of range, want none", seq, got)
		}
	}
	if c := g.Clone(); c.Cause(before+2) != "" {
		t.Error("a Clone kept the causes; it counts nothing for the caller")
	}
}
