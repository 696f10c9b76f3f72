//go:build unix

package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// generous bounds the answers of the good agents: far above what they need,
// so that no verdict depends on the machine's speed.
const generous = 10 * time.Second

func start(t *testing.T, w *leakWatch, spec Spec) *Process {
	t.Helper()
	p, err := Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("Start(%q): %v", spec.Command, err)
	}
	w.track(p.PID())
	t.Cleanup(func() { p.Close(0) })
	return p
}

func TestGoodAgents(t *testing.T) {
	tests := []struct {
		name, command, skip string
	}{
		{"go", agents.goAgent + " -seed 7", ""},
		{"python", agents.python, agents.noPy},
	}
	for _, tc := range tests {
		t.Run(tc.name+"/inference", func(t *testing.T) {
			if tc.skip != "" {
				t.Skip(tc.skip)
			}
			w := watchLeaks(t)
			p := start(t, w, Spec{Command: tc.command})
			ctx := context.Background()
			for _, f := range []string{"inference_welcome.json", "inference_event.json"} {
				if err := p.Send(ctx, fixture(t, f)); err != nil {
					t.Fatalf("Send(%s): %v", f, err)
				}
			}
			turn := fixture(t, "inference_your_turn.json")
			r, err := p.Ask(ctx, turn, generous)
			if err != nil {
				t.Fatalf("Ask(your_turn): %v (stderr %q)", err, p.Stderr())
			}
			if len(r.Stale)+len(r.Before) != 0 {
				t.Errorf("extra lines: stale %v, before %v; want none (welcome and event need no answer)", r.Stale, r.Before)
			}
			if err := checkMove(turn, r.Answer.Bytes); err != nil {
				t.Error(err)
			}
			if r.Latency <= 0 || r.Latency > generous {
				t.Errorf("latency %v, want within (0, %v]", r.Latency, generous)
			}
			first := string(r.Answer.Bytes)
			// After an error for its move, the turn is open again.
			r, err = p.Ask(ctx, fixture(t, "inference_error.json"), generous)
			if err != nil {
				t.Fatalf("Ask(error): %v", err)
			}
			if err := checkMove(turn, r.Answer.Bytes); err != nil {
				t.Error(err)
			}
			if string(r.Answer.Bytes) == first {
				t.Errorf("after an illegal_move error the agent repeated %s", first)
			}
			if err := p.Send(ctx, fixture(t, "inference_match_end.json")); err != nil {
				t.Fatal(err)
			}
			exit, err := p.Close(generous)
			if err != nil || exit.Termination() != OK || exit.Forced != ForceNone || exit.Code != 0 {
				t.Errorf("Close = %v, %v; want a clean exit 0 on match_end", exit, err)
			}
		})
		t.Run(tc.name+"/bangarena", func(t *testing.T) {
			if tc.skip != "" {
				t.Skip(tc.skip)
			}
			w := watchLeaks(t)
			p := start(t, w, Spec{Command: tc.command})
			ctx := context.Background()
			req := fixture(t, "bangarena_decision_request.json")
			r, err := p.Ask(ctx, req, generous)
			if err != nil {
				t.Fatalf("Ask(DecisionRequest): %v (stderr %q)", err, p.Stderr())
			}
			id1, cmd1, err := checkDecision(req, r.Answer.Bytes)
			if err != nil {
				t.Fatal(err)
			}
			r, err = p.Ask(ctx, fixture(t, "bangarena_reask.json"), generous)
			if err != nil {
				t.Fatalf("Ask(reask): %v", err)
			}
			id2, cmd2, err := checkDecision(req, r.Answer.Bytes)
			if err != nil {
				t.Fatal(err)
			}
			if id2 == id1 || cmd2 == cmd1 {
				t.Errorf("after a reask: actionId %s, commandId %s; want another item than %s and a new commandId than %s", id2, cmd2, id1, cmd1)
			}
			// A request with no legal actions needs no answer; match_end ends it.
			for _, f := range []string{"bangarena_idle_request.json", "bangarena_match_end.json"} {
				if err := p.Send(ctx, fixture(t, f)); err != nil {
					t.Fatal(err)
				}
			}
			l, err := p.Receive(ctx)
			if TerminationOf(err) != Disconnect || l.Bytes != nil {
				t.Errorf("after match_end: Receive = %q, %v; want no line and the agent gone (disconnect)", l.Bytes, err)
			}
			exit, err := p.Close(generous)
			if err != nil || exit.Termination() != OK || exit.Forced != ForceNone {
				t.Errorf("Close = %v, %v; want a clean exit", exit, err)
			}
		})
	}
}

// TestBrokenModes drives each mode of the broken agent through both games
// and checks it gets exactly its verdict.
func TestBrokenModes(t *testing.T) {
	games := []struct{ name, request string }{
		{"inference", "inference_your_turn.json"},
		{"bangarena", "bangarena_decision_request.json"},
	}
	tests := []struct {
		mode string
		want Termination
		spec Spec
		// until repeats the request while the verdict is this one.
		until Termination
		// exit is the verdict of Close on the process itself.
		exit Termination
	}{
		{mode: "slow", want: Timeout, spec: Spec{Watchdog: time.Minute}, exit: OK},
		{mode: "illegal", want: Illegal, exit: OK},
		{mode: "crash", want: Crash, exit: Crash},
		{mode: "garbage", want: Malformed, exit: OK},
		{mode: "flood", want: Flood, exit: OK},
		{mode: "hang", want: Hang, spec: Spec{Watchdog: time.Second, TermGrace: 300 * time.Millisecond}, until: Timeout, exit: Hang},
		{mode: "silent-exit", want: Disconnect, exit: OK},
	}
	for _, g := range games {
		for _, tc := range tests {
			t.Run(g.name+"/"+tc.mode, func(t *testing.T) {
				w := watchLeaks(t)
				spec := tc.spec
				spec.Command = agents.broken + " -mode " + tc.mode + " -delay 20s"
				p := start(t, w, spec)
				req := fixture(t, g.request)
				var (
					r   Reply
					err error
				)
				for range 30 {
					r, err = p.Ask(context.Background(), req, 300*time.Millisecond)
					if tc.until == "" || TerminationOf(err) != tc.until {
						break
					}
				}
				got := TerminationOf(err)
				if got == OK {
					// Legality is the caller's: judge the answer as certify would.
					check := func() error { return checkMove(req, r.Answer.Bytes) }
					if g.name == "bangarena" {
						check = func() error { _, _, err := checkDecision(req, r.Answer.Bytes); return err }
					}
					if check() != nil {
						got = Illegal
					}
				}
				if got != tc.want {
					t.Fatalf("verdict %s (%v), want %s", got, err, tc.want)
				}
				exit, err := p.Close(200 * time.Millisecond)
				if err != nil || exit.Termination() != tc.exit {
					t.Errorf("Close = %v (%s), %v; want %s", exit, exit.Termination(), err, tc.exit)
				}
				switch tc.mode {
				case "crash":
					if !bytes.Contains(exit.Output, []byte("crashing on purpose")) {
						t.Errorf("stderr %q does not hold the agent's last words", exit.Output)
					}
				case "garbage":
					var kinds []LineKind
					for _, l := range r.Before {
						kinds = append(kinds, l.Kind)
					}
					if fmt.Sprint(kinds) != fmt.Sprint([]LineKind{NotJSON, NotJSON, NotObject}) {
						t.Errorf("garbage lines %v, want not_json, not_json, not_object", kinds)
					}
				case "hang":
					if exit.Forced != ForceKill {
						t.Errorf("forced %s, want %s (the agent ignores SIGTERM)", exit.Forced, ForceKill)
					}
				}
			})
		}
	}
}

func TestOverCapLine(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `read x; head -c 5000 /dev/zero | tr '\0' a; echo; sleep 30`, MaxLine: 1024})
	// No answer follows the over-cap line: a flood at the deadline.
	r, err := p.Ask(context.Background(), `{"type":"ping"}`, time.Second)
	if TerminationOf(err) != Flood {
		t.Fatalf("verdict %v, want flood", err)
	}
	if len(r.Before) != 1 || r.Before[0].Kind != Oversize || r.Before[0].Size <= 1024 || r.Before[0].Size > 5000 || len(r.Before[0].Bytes) != evidenceBytes {
		t.Fatalf("lines %+v, want one oversize line of 1025 to 5000 bytes keeping %d", r.Before, evidenceBytes)
	}
}

// TestAnswerAfterOverCapLine: an answer after a line over the cap is still
// taken; the over-cap line is in Before for the caller to judge.
func TestAnswerAfterOverCapLine(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `read x; head -c 5000 /dev/zero | tr '\0' a; echo; echo '{"ok":1}'; sleep 30`, MaxLine: 1024})
	r, err := p.Ask(context.Background(), `{"type":"ping"}`, generous)
	if err != nil || string(r.Answer.Bytes) != `{"ok":1}` {
		t.Fatalf("Ask = %q, %v; want the answer after the over-cap line", r.Answer.Bytes, err)
	}
	if len(r.Before) != 1 || r.Before[0].Kind != Oversize {
		t.Errorf("before %+v, want the over-cap line", r.Before)
	}
}

// TestUnsolicitedLines checks that an extra line is never taken for the
// answer to the next request.
func TestUnsolicitedLines(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `while read -r l; do echo "$l"; echo '{"unsolicited":true}'; done`})
	ctx := context.Background()
	for i := range 5 {
		msg := fmt.Sprintf(`{"id":%d}`, i)
		r, err := p.AskFunc(ctx, msg, generous, func(l Line) bool { return string(l.Bytes) == msg })
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if string(r.Answer.Bytes) != msg {
			t.Fatalf("request %d: answer %s, want %s", i, r.Answer.Bytes, msg)
		}
		if i > 0 && len(r.Stale)+len(r.Before) != 1 {
			t.Errorf("request %d: stale %d + before %d lines, want the 1 unsolicited line of the previous answer", i, len(r.Stale), len(r.Before))
		}
	}
}

func TestFloodWindow(t *testing.T) {
	w := watchLeaks(t)
	// 20 unsolicited lines then the answer: a flood when the limit is 10,
	// findings only when it is 50.
	cmd := `while read -r l; do i=0; while [ $i -lt 20 ]; do echo '{"noise":1}'; i=$((i+1)); done; echo "$l"; done`
	for _, tc := range []struct {
		limit int
		want  Termination
	}{{10, Flood}, {50, OK}} {
		p := start(t, w, Spec{Command: cmd, FloodLines: tc.limit, FloodWindow: time.Minute})
		_, err := p.AskFunc(context.Background(), `{"id":1}`, generous, func(l Line) bool { return string(l.Bytes) == `{"id":1}` })
		if got := TerminationOf(err); got != tc.want {
			t.Errorf("limit %d: verdict %s (%v), want %s", tc.limit, got, err, tc.want)
		}
		p.Close(0)
	}
}

func TestClosedOutputAndDeadAgent(t *testing.T) {
	tests := []struct {
		name    string
		command string
		op      string
		want    Termination
	}{
		{"exit non-zero", `exit 3`, "send", Crash},
		{"killed by a signal", `kill -9 $$`, "receive", Crash},
		{"exit zero", `exit 0`, "receive", Disconnect},
		{"stdout closed, still running", `exec >&-; sleep 30`, "receive", Disconnect},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := watchLeaks(t)
			p := start(t, w, Spec{Command: tc.command, ExitWait: 300 * time.Millisecond})
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			var err error
			if tc.op == "send" {
				<-p.Done()
				err = p.Send(ctx, `{"type":"ping"}`)
			} else {
				_, err = p.Receive(ctx)
			}
			if got := TerminationOf(err); got != tc.want {
				t.Fatalf("verdict %s (%v), want %s", got, err, tc.want)
			}
		})
	}
}

func TestSendTimeout(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `sleep 30`})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	big := `{"pad":"` + strings.Repeat("x", 1<<20-20) + `"}`
	err := p.Send(ctx, big)
	if got := TerminationOf(err); got != Timeout {
		t.Fatalf("verdict %s (%v), want timeout: the agent never reads", got, err)
	}
}

func TestCancelKillsEverything(t *testing.T) {
	w := watchLeaks(t)
	ctx, cancel := context.WithCancel(context.Background())
	p, err := Start(ctx, Spec{Command: agents.broken + " -mode hang"})
	if err != nil {
		t.Fatal(err)
	}
	w.track(p.PID())
	if err := p.Send(context.Background(), fixture(t, "inference_your_turn.json")); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-p.Done():
	case <-time.After(generous):
		t.Fatal("the agent outlived the cancellation")
	}
	// Cancellation alone ends every goroutine of the Process, before Close.
	ended := make(chan struct{})
	go func() { p.readers.Wait(); p.g.wg.Wait(); close(ended) }()
	select {
	case <-ended:
	case <-time.After(generous):
		t.Fatal("goroutines of the Process outlived the cancellation")
	}
	if _, err := p.Ask(context.Background(), `{"type":"ping"}`, generous); TerminationOf(err) != HarnessError {
		t.Errorf("Ask after cancellation: %v, want a harness error", err)
	}
	exit, err := p.Close(generous)
	if err != nil || exit.Forced != ForceCancel || exit.Termination() != HarnessError {
		t.Errorf("Close = %v, %v; want forced by cancellation", exit, err)
	}
}

func TestCloseIsIdempotent(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `cat`})
	exits := make([]Exit, 4)
	var wg sync.WaitGroup
	for i := range exits {
		wg.Go(func() { exits[i], _ = p.Close(generous) })
	}
	wg.Wait()
	for i, e := range exits {
		if e.Termination() != OK || e.Forced != ForceNone || e.PID != exits[0].PID || e.Runtime != exits[0].Runtime {
			t.Errorf("Close #%d = %v, want the same clean exit as #0 (%v)", i, e, exits[0])
		}
	}
	if err := p.Send(context.Background(), `{}`); TerminationOf(err) != HarnessError || !errors.Is(err, errClosed) {
		t.Errorf("Send after Close: %v, want a harness error", err)
	}
}

func TestStderrIsBounded(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `head -c 100000 /dev/zero | tr '\0' e >&2; echo LAST >&2`, StderrCap: 100})
	<-p.Done()
	exit, _ := p.Close(0)
	if !exit.OutputTruncated || !bytes.HasSuffix(exit.Output, []byte("eeLAST\n")) || !bytes.HasPrefix(exit.Output, []byte("[umpire: 99905 earlier bytes dropped]\n")) {
		t.Fatalf("stderr %q: want the marker and the last 100 bytes", exit.Output)
	}
}

func TestStartErrors(t *testing.T) {
	w := watchLeaks(t)
	if _, err := Start(context.Background(), Spec{}); TerminationOf(err) != HarnessError {
		t.Errorf("empty command: %v, want a harness error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start(ctx, Spec{Command: "cat"}); TerminationOf(err) != HarnessError {
		t.Errorf("cancelled context: %v, want a harness error", err)
	}
	// A command that does not exist starts a shell that fails: a crash.
	p := start(t, w, Spec{Command: "/nonexistent/agent"})
	_, err := p.Receive(context.Background())
	if TerminationOf(err) != Crash {
		t.Errorf("missing program: %v, want crash", err)
	}
}

// TestLateAnswerIsNotTheNextAnswer: the slow agent answers turn 3 after the
// deadline; with FieldEquals the late move is a finding of the next request,
// never its answer.
func TestLateAnswerIsNotTheNextAnswer(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: agents.broken + " -mode slow -delay 1500ms"})
	ctx := context.Background()
	turn3 := fixture(t, "inference_your_turn.json")
	turn4 := bytes.Replace(turn3, []byte(`"turn":3,"deadline_ms"`), []byte(`"turn":4,"deadline_ms"`), 1)
	if _, err := p.AskFunc(ctx, turn3, 200*time.Millisecond, FieldEquals("turn", 3)); TerminationOf(err) != Timeout {
		t.Fatalf("turn 3: %v, want a timeout", err)
	}
	r, err := p.AskFunc(ctx, turn4, generous, FieldEquals("turn", 4))
	if err != nil {
		t.Fatalf("turn 4: %v", err)
	}
	if !bytes.Contains(r.Answer.Bytes, []byte(`"turn":4`)) {
		t.Errorf("answer %s, want the move for turn 4", r.Answer.Bytes)
	}
	late := append(append([]Line(nil), r.Stale...), r.Before...)
	if len(late) != 1 || !bytes.Contains(late[0].Bytes, []byte(`"turn":3`)) {
		t.Errorf("late lines %v, want the turn 3 move", late)
	}
}

func TestFieldEquals(t *testing.T) {
	tests := []struct {
		name, line string
		field      string
		value      any
		want       bool
	}{
		{"number", `{"turn": 4}`, "turn", 4, true},
		{"other number", `{"turn":3}`, "turn", 4, false},
		{"string", `{"match_id":"m-7"}`, "match_id", "m-7", true},
		{"number as string", `{"turn":"4"}`, "turn", 4, false},
		{"missing", `{"x":4}`, "turn", 4, false},
		{"not an object", `[4]`, "turn", 4, false},
		{"unencodable value", `{"turn":4}`, "turn", func() {}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := FieldEquals(tc.field, tc.value)(Line{Bytes: []byte(tc.line)}); got != tc.want {
				t.Errorf("FieldEquals(%s, %v)(%s) = %v, want %v", tc.field, tc.value, tc.line, got, tc.want)
			}
		})
	}
}

// TestMatchBudget: the deadline of Start's context is the match budget; an
// agent still running when it passes is killed and judged a hang.
func TestMatchBudget(t *testing.T) {
	w := watchLeaks(t)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	p, err := Start(ctx, Spec{Command: agents.broken + " -mode hang"})
	if err != nil {
		t.Fatal(err)
	}
	w.track(p.PID())
	_, err = p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), generous)
	if got := TerminationOf(err); got != Hang {
		t.Errorf("Ask past the match budget: %s (%v), want hang", got, err)
	}
	exit, err := p.Close(generous)
	if err != nil || exit.Forced != ForceBudget || exit.Termination() != Hang {
		t.Errorf("Close = %v, %v; want killed for the budget, a hang", exit, err)
	}
}

// TestCloseDuringAsk: Close from another goroutine ends a waiting Ask with a
// harness error, not a verdict against the agent.
func TestCloseDuringAsk(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: agents.broken + " -mode hang", TermGrace: 200 * time.Millisecond})
	errc := make(chan error, 1)
	go func() {
		_, err := p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), time.Minute)
		errc <- err
	}()
	time.Sleep(100 * time.Millisecond) // let the request go out (the verdict holds either way)
	if _, err := p.Close(0); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-errc:
		if TerminationOf(err) != HarnessError {
			t.Errorf("Ask during Close: %v, want a harness error", err)
		}
	case <-time.After(generous):
		t.Fatal("Ask kept waiting after Close")
	}
}
