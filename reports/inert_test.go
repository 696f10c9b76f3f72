package reports

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// agentBytes is what an agent could print: invalid UTF-8, a bidi override
// (U+202E), an isolate (U+2066), a terminal escape and a carriage return.
var agentBytes = []string{
	"{\"type\":\"move\",\"note\":\"ok\xff\xfe \u202eevil\u2066\"}",
	"not json \xc3\x28 \u202e\x1b[2J\rPASS",
}

// inertReport is a report whose agent output and texts carry agentBytes,
// entering through NewMessage as the adapters record them, and through
// fields filled by hand.
func inertReport(t testing.TB) *Report {
	r := sample(t)
	c := &r.Checks[0]
	c.Name = "name \u202e\u2067 x"
	c.Status = Fail
	c.Reason = "reason \u202e"
	var ts []Message
	for _, b := range agentBytes {
		ts = append(ts, NewMessage(Received, sampleStart, nil, []byte(b)))
	}
	// A Body filled by hand with invalid UTF-8 inside valid JSON.
	ts = append(ts, Message{Dir: Received, Body: json.RawMessage("{\"x\":\"\xff\u202e\"}")})
	c.Findings = append(c.Findings, Finding{Finding: rules.Finding{Rule: "inference/agent.turn-echo", Level: rules.Must,
		Message: "message \u202e\x1b[31m\xff", Got: "got \u2066\xfe", Where: rules.Where{Step: "step \u202e"}}, Transcript: ts})
	if len(r.Matches) > 0 {
		r.Matches[0].Stderr = "stderr\x1b[2J\r\n\u202eline\xff"
	}
	return r
}

// TestReportsAreValidUTF8AndInert writes a report holding an agent's
// invalid UTF-8 and bidi overrides in every format: each output is valid
// UTF-8 without a raw control character (but newlines and tabs) or bidi
// character, the JSON reads back (ReadJSON, and Python's json.load when
// python3 is installed) and flags the replaced bytes.
func TestReportsAreValidUTF8AndInert(t *testing.T) {
	r := inertReport(t)
	j, x, md, h := writeAll(t, r)
	for _, out := range []struct {
		name string
		b    []byte
	}{{"json", j}, {"junit", x}, {"markdown", md}, {"html", h}} {
		t.Run(out.name, func(t *testing.T) {
			if !utf8.Valid(out.b) {
				i := bytes.IndexFunc(out.b, func(r rune) bool { return r == utf8.RuneError })
				t.Fatalf("not valid UTF-8 near %q", out.b[max(0, i-40):min(len(out.b), i+40)])
			}
			for i, r := range string(out.b) {
				if r != '\n' && r != '\t' && inert.Unsafe(r) {
					t.Fatalf("raw %U at %d: %q", r, i, string(out.b)[max(0, i-60):min(len(out.b), i+20)])
				}
			}
			if !bytes.Contains(out.b, []byte(`\u202e`)) {
				t.Errorf("the bidi override is not shown escaped")
			}
		})
	}
	back, err := ReadJSON(bytes.NewReader(j))
	if err != nil {
		t.Fatalf("ReadJSON: %v", err)
	}
	ts := back.Checks[0].Findings[len(back.Checks[0].Findings)-1].Transcript
	for i, m := range ts {
		if !m.InvalidUTF8 {
			t.Errorf("transcript message %d is not flagged invalid_utf8: %+v", i, m)
		}
	}
	if len(ts) > 0 && len(ts[0].Body) == 0 {
		t.Errorf("the JSON message lost its body: %+v", ts[0])
	}
	// Merge reads it back and writes it again as valid UTF-8.
	merged, err := Merge(back)
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := WriteJSON(&again, merged); err != nil || !utf8.Valid(again.Bytes()) {
		t.Fatalf("rewritten report: %v, valid UTF-8 %v", err, utf8.Valid(again.Bytes()))
	}
	if py, err := exec.LookPath("python3"); err == nil {
		cmd := exec.Command(py, "-c", "import json,sys; json.load(sys.stdin)")
		cmd.Stdin = bytes.NewReader(j)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("python3 json.load: %v\n%s", err, out)
		}
	}
	if !strings.Contains(string(x), "[invalid UTF-8 replaced]") || !strings.Contains(string(h), "[invalid UTF-8 replaced]") {
		t.Error("JUnit or HTML does not flag the replaced bytes")
	}
}

// TestReadJSONLimit: a report over the limit is refused with an error that
// names it, after reading no more than the limit.
func TestReadJSONLimit(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sample(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := readJSON(bytes.NewReader(b.Bytes()), int64(b.Len())+1); err != nil {
		t.Fatalf("a report under the limit: %v", err)
	}
	_, err := readJSON(bytes.NewReader(b.Bytes()), int64(b.Len()/2))
	if err == nil || !strings.Contains(err.Error(), "exceeds the limit of") {
		t.Fatalf("a report over the limit: %v", err)
	}
	// Trailing data is still refused.
	if _, err := ReadJSON(strings.NewReader(b.String() + "{}")); err == nil || !strings.Contains(err.Error(), "data after") {
		t.Fatalf("trailing data: %v", err)
	}
}
