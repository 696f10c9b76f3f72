package hostile

import (
	"encoding/json"
	"testing"
)

// TestPad: each padding gives valid JSON of about n bytes that keeps the
// object's fields; Events adds events before the list's own.
func TestPad(t *testing.T) {
	const n = 1 << 16
	for _, body := range []string{
		`{"seat":1,"observation":{"events":[{"seq":1,"type":"deal"}],"phase":"play"}}`,
		`{"seat":1,"observation":{"events":[],"phase":"play"}}`,
	} {
		for _, how := range []Padding{Blanks, Field, Events} {
			got := Pad([]byte(body), n, how)
			var v struct {
				Seat        int `json:"seat"`
				Observation struct {
					Events []struct {
						Seq int `json:"seq"`
					} `json:"events"`
					Phase string `json:"phase"`
				} `json:"observation"`
			}
			if err := json.Unmarshal(got, &v); err != nil {
				t.Fatalf("%v of %s: not JSON: %v", how, body, err)
			}
			if len(got) < n-64 || len(got) > n+64 || v.Seat != 1 || v.Observation.Phase != "play" {
				t.Errorf("%v of %s: %d bytes, seat %d, phase %q", how, body, len(got), v.Seat, v.Observation.Phase)
			}
			if how == Events && len(v.Observation.Events) < 1000 {
				t.Errorf("%v of %s: %d events", how, body, len(v.Observation.Events))
			}
		}
	}
	if got := Pad([]byte(`[1]`), n, Field); string(got) != `[1]` {
		t.Errorf("an array is padded: %.40s", got)
	}
}
