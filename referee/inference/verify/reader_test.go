package verify

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

func TestReadLongLines(t *testing.T) {
	log, _ := golden(t)
	lines := splitLines(log)
	huge := `{"type":"message","round":1,"turn":0,"seat":0,"text":"` + strings.Repeat("a", MaxLineBytes) + `"}`
	mid := `{"type":"bust","round":1,"seat":0,"pad":"` + strings.Repeat("b", 200<<10) + `"}`
	tests := []struct {
		name  string
		lines []string
		rule  string
		line  int
	}{
		{"over 1 MiB", insert(lines, 2, huge), "inference/log.line-length", 3},
		{"over 1 MiB at the end without newline", append(append([]string(nil), lines...), huge), "inference/log.match-end-last", len(lines) + 1},
		{"long but within the cap", insert(lines, 2, mid), "inference/log.showdown-closes-round", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := strings.Join(tc.lines, "\n")
			var fs []rules.Finding
			sum, err := VerifyReader(context.Background(), strings.NewReader(data), "x.jsonl", func(f rules.Finding) { fs = append(fs, f) })
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != 1 || fs[0].Rule != tc.rule || fs[0].Where.Line != tc.line {
				t.Fatalf("findings:%s\nwant one %s at line %d", describe(fs), tc.rule, tc.line)
			}
			if sum.Lines != len(tc.lines) {
				t.Errorf("Lines = %d, want %d", sum.Lines, len(tc.lines))
			}
		})
	}
}

func TestUnfinished(t *testing.T) {
	log, _ := golden(t)
	lines := splitLines(log)
	live := joinLines(lines[:300])
	fs, sum := verifyAll(t, live, Options{Unfinished: true})
	if len(fs) != 0 || sum.InconclusiveByRule["inference/log.match-end-last"] != 1 || sum.InconclusiveByRule["inference/protocol.deal-function"] == 0 {
		t.Errorf("unfinished log: %+v%s, want no finding, the end and the deals inconclusive", sum, describe(fs))
	}
	fs, _ = verifyAll(t, live, Options{})
	if len(fs) != 1 || fs[0].Rule != "inference/log.match-end-last" {
		t.Errorf("the same log, finished expected: %s, want one inference/log.match-end-last", describe(fs))
	}
}

func TestReadCRLFAndEmpty(t *testing.T) {
	log, _ := golden(t)
	crlf := bytes.ReplaceAll(log, []byte("\n"), []byte("\r\n"))
	fs, _ := verifyAll(t, crlf, Options{})
	if len(fs) != 0 {
		t.Errorf("CRLF line ends: %d findings, want 0:%s", len(fs), describe(fs))
	}
	fs, sum := verifyAll(t, nil, Options{})
	if len(fs) != 2 || fs[0].Rule != "inference/log.match-start-first" || fs[1].Rule != "inference/log.match-end-last" || sum.Lines != 0 {
		t.Errorf("empty log: %+v %s, want no match_start and no match_end", sum, describe(fs))
	}
	blank := insert(splitLines(log), 1, "   ")
	fs, _ = verifyAll(t, joinLines(blank), Options{})
	if len(fs) != 1 || fs[0].Rule != "inference/protocol.log-line" || fs[0].Where.Line != 2 {
		t.Errorf("blank line: %s, want protocol.log-line at line 2", describe(fs))
	}
}

type failReader struct{ n int }

func (r *failReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, errors.New("disk on fire")
	}
	r.n--
	return copy(p, "{\"type\":\"bust\"}\n"), nil
}

func TestReadErrors(t *testing.T) {
	_, err := VerifyReader(context.Background(), &failReader{n: 2}, "x", nil)
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("read error: got %v, want it passed on", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = VerifyReader(ctx, strings.NewReader("{}\n"), "x", nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v, want context.Canceled", err)
	}
	_, err = VerifyReader(context.Background(), io.LimitReader(strings.NewReader(""), 0), "x", nil)
	if err != nil {
		t.Errorf("empty reader: %v", err)
	}
}
