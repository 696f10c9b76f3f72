package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestNewMessageClips: a message over MaxMessageBytes is kept as an
// excerpt of at most MaxMessageBytes (and its note), secrets redacted as in
// a whole message; a message at the cap is kept whole.
func TestNewMessageClips(t *testing.T) {
	pad := strings.Repeat("x", 2*MaxMessageBytes)
	blanks := strings.Repeat(" ", 2*MaxMessageBytes)
	tests := []struct {
		name      string
		raw       string
		want      []string // in the excerpt
		wantNot   []string
		wantWhole bool
	}{
		{name: "at the cap", raw: `{"a":"` + strings.Repeat("y", MaxMessageBytes-8) + `"}`, wantWhole: true},
		{name: "padding string", raw: `{"seat":2,"pad":"` + pad + `"}`, want: []string{`{"seat":2,"pad" … [umpire kept an excerpt of 15 bytes of this 131,091-byte message]`}},
		{name: "padding strings", raw: `{"seat":2,"pad":["` + strings.Repeat(`xxxxxxxxxxxxxxxx","`, MaxMessageBytes/16) + `"]}`, want: []string{`{"seat":2,"pad":["xxxxxxxxxxxxxxxx","xxx`}},
		{name: "blanks", raw: `{"seat":2,` + blanks + `"phase":"play"}`, want: []string{`{"seat":2 … `}},
		{name: "token scalar", raw: `{"token":"s3cr3t","pad":"` + pad + `"}`, want: []string{`"token":"[redacted]"`}, wantNot: []string{"s3cr3t"}},
		{name: "tokens object", raw: `{"tokens":{"0":"s3cr3t","1":["a","s3cr3u"]},"after":1,"pad":"` + pad + `"}`, want: []string{`{"tokens":"[redacted]","after":1,"pad"`}, wantNot: []string{"s3cr3t", "s3cr3u"}},
		{name: "header line in a string", raw: `["x-agent-token: s3cr3t","` + pad + `"]`, wantNot: []string{"s3cr3t"}},
		{name: "not JSON", raw: "x-agent-token: s3cr3t\n" + pad, want: []string{"[redacted]"}, wantNot: []string{"s3cr3t"}},
		{name: "deep nesting", raw: strings.Repeat("[", 4*MaxMessageBytes), want: []string{"[[["}},
		{name: "cut rune", raw: `["` + strings.Repeat("é", MaxMessageBytes/4) + `","` + strings.Repeat("é", MaxMessageBytes) + `"]`, want: []string{`["éé`}},
		{name: "one long string", raw: `"` + strings.Repeat("é", MaxMessageBytes) + `"`, want: []string{`"éé`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMessage(Received, time.Unix(0, 0), nil, []byte(tc.raw))
			if tc.wantWhole {
				if len(m.Body) != len(tc.raw) {
					t.Fatalf("a message at the cap is not kept whole: body %d bytes, text %d", len(m.Body), len(m.Text))
				}
				return
			}
			if len(m.Body) != 0 {
				t.Fatalf("a clipped message is a Body of %d bytes", len(m.Body))
			}
			head, note, ok := strings.Cut(m.Text, " … [umpire kept an excerpt of ")
			if !ok {
				t.Fatalf("no note of the excerpt: %.200q", m.Text)
			}
			if len(head) > MaxMessageBytes || len(note) > 100 {
				t.Errorf("excerpt of %d bytes, note %q", len(head), note)
			}
			if !utf8.ValidString(m.Text) || m.InvalidUTF8 {
				t.Errorf("the excerpt is not UTF-8 (flag %v)", m.InvalidUTF8)
			}
			for _, w := range tc.want {
				if !strings.Contains(m.Text, w) {
					t.Errorf("excerpt lacks %q: %.300q", w, m.Text)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(m.Text, w) {
					t.Errorf("excerpt shows %q", w)
				}
			}
			b, err := json.Marshal(m)
			if err != nil || !json.Valid(b) {
				t.Errorf("the message does not marshal: %v", err)
			}
		})
	}
}

// TestClipJSONAgreesWithRedactJSON: where the whole message fits, the
// streamed excerpt is RedactJSON's compact redaction of it.
func TestClipJSONAgreesWithRedactJSON(t *testing.T) {
	for _, raw := range []string{
		`{"a":1,"token":"t","b":[1,2,{"password":{"x":[1]},"c":"d"}],"e":null,"f":true}`,
		`[{"Authorization":"Bearer x"},{"seats":[{"seat":0,"token":"z"}]},"x-agent-token: q"]`,
		`{"": "", "nested": {"apiKey": 3, "ok": "y"}}`,
	} {
		got, ok := clipJSON([]byte(raw), 1<<20)
		var want bytes.Buffer
		if err := json.Compact(&want, RedactJSON([]byte(raw))); err != nil || !ok {
			t.Fatal(err, ok)
		}
		var g, w any
		if json.Unmarshal([]byte(got), &g) != nil || json.Unmarshal(want.Bytes(), &w) != nil {
			t.Fatalf("not JSON: %s", got)
		}
		gb, _ := json.Marshal(g)
		wb, _ := json.Marshal(w)
		if !bytes.Equal(gb, wb) {
			t.Errorf("clipJSON %s\nRedactJSON %s", gb, wb)
		}
	}
}
