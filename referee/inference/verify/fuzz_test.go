package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/umpire-arena/umpire/referee/rules"
)

// FuzzLine feeds arbitrary lines, after a valid log's first lines, to a
// verifier: it must never panic, and every finding must name a rule and a
// level.
func FuzzLine(f *testing.F) {
	log, err := os.ReadFile(filepath.Join("testdata", "full.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	lines := splitLines(log)
	for _, l := range lines[:40] {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"type":"showdown","round":1,"pot":-5,"uncontested":false,"reveals":[{"seat":99,"value":1e9}],"winners":[-1],"payouts":[{"seat":0,"amount":-3}]}`))
	f.Add([]byte(`{"type":"round_start","round":2147483648,"dealer":-1,"ante":0,"dealt_in":[0,0,7,-1]}`))
	f.Add([]byte(`[1,2,3]`))
	f.Add([]byte{0xff, 0xfe})
	f.Fuzz(func(t *testing.T, line []byte) {
		v := NewInference(Options{File: "fuzz"})
		check := func(fs []rules.Finding) {
			for _, x := range fs {
				if x.Rule == "" || x.Level == "" || x.Message == "" {
					t.Fatalf("malformed finding %+v", x)
				}
			}
		}
		for i, l := range lines[:12] {
			check(v.Line(i+1, []byte(l)))
		}
		check(v.Line(13, line))
		for i, l := range lines[12:60] {
			check(v.Line(14+i, []byte(l)))
		}
		check(v.FinishFindings())
	})
}

// FuzzLog mutates a valid log (op: replace, delete, swap with the next
// line, or insert before line at) or feeds the bytes as a whole log, through
// VerifyReader: no panic, no error.
func FuzzLog(f *testing.F) {
	log, err := os.ReadFile(filepath.Join("testdata", "full.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	lines := splitLines(log)
	f.Add(uint16(5), uint8(0), []byte(`{"type":"action","round":1,"turn":0,"seat":3,"action":"raise","amount":99}`))
	f.Add(uint16(0), uint8(0), []byte(`{"type":"match_start","table_size":1}`))
	f.Add(uint16(20), uint8(1), []byte(nil))
	f.Add(uint16(31), uint8(2), []byte(nil))
	f.Add(uint16(9), uint8(3), []byte(`{"type":"bust","round":1,"seat":3}`))
	f.Add(uint16(65535), uint8(0), log[:300])
	f.Fuzz(func(t *testing.T, at uint16, op uint8, data []byte) {
		var in []byte
		if i := int(at); i < len(lines) {
			mut := append([]string(nil), lines...)
			line := string(bytes.ReplaceAll(data, []byte("\n"), nil))
			switch op % 4 {
			case 0:
				mut[i] = line
			case 1:
				mut = remove(mut, i)
			case 2:
				if i+1 < len(mut) {
					mut[i], mut[i+1] = mut[i+1], mut[i]
				}
			default:
				mut = insert(mut, i, line)
			}
			in = joinLines(mut)
		} else {
			in = data
		}
		sum, err := VerifyReader(context.Background(), bytes.NewReader(in), "fuzz", func(rules.Finding) {})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Lines == 0 && len(bytes.TrimSpace(in)) > 0 && bytes.Count(in, []byte("\n")) > 0 {
			t.Fatalf("read no line of a non-empty log")
		}
	})
}

// FuzzScanner checks the line scanner against encoding/json: both must
// agree on which inputs are valid JSON.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `[1e5,-0.5,"\u00e9\n"]`, `"x"`, `{"a":01}`, `{"a":1,}`, `  {"type":"bust"} `, `{"a":"\ud800"}`, "{\"a\":\"\xff\"}", `tru`, `-`, `1.`, `{"a":-1e+}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r record
		valid, _ := r.parse(data)
		if want := json.Valid(data); valid != want {
			t.Fatalf("scanner says valid=%v, encoding/json says %v, for %q", valid, want, data)
		}
	})
}

// FuzzTextLength: the message length read without decoding equals the
// code points of the string encoding/json decodes.
func FuzzTextLength(f *testing.F) {
	for _, s := range []string{`"abc"`, `"\u00e9t\u00e9"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ud83dx"`, `"\ud83d\u0041"`, "\"\xff\xfe\"", `"\\\"\/\b\f\n\r\t"`, `"<b>&amp;</b>"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := scanner{b: data}
		raw, _, ok := s.str()
		if !ok || s.i != len(data) {
			return
		}
		var want string
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("scanner accepted %q, encoding/json did not: %v", data, err)
		}
		if got, n := escapedRunes(raw), utf8.RuneCountInString(want); got != n {
			t.Fatalf("%q: %d code points, encoding/json decodes %d", data, got, n)
		}
	})
}
