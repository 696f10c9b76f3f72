package schemas

import (
	"os"
	"path/filepath"
	"testing"
)

func addSeeds(f *testing.F) {
	for _, game := range Games() {
		paths, _ := filepath.Glob(filepath.Join("testdata", "valid", game, "*.json"))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil && len(data) < 4096 {
				f.Add(game, data)
			}
		}
	}
	f.Add("inference", []byte(`{"type":"move","match_id":"m","turn":0,"action":"raise","amount":1e400}`))
	f.Add("bangarena", []byte(`{"seq":1,"type":"damage","seat":0,"amount":-0.0}`))
	f.Add("inference", []byte(`{"type":"your_turn","legal_actions":[{"action":"raise"}`))
	f.Add("bangarena", []byte("\xff\xfe{}"))
}

// FuzzValidate feeds arbitrary bytes to Detect and Validate for every kind
// of the game: neither may panic, invalid input must give violations, and
// the fast path must agree with the reference validator.
func FuzzValidate(f *testing.F) {
	addSeeds(f)
	set, err := Compile(WithMaxBytes(1 << 16))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, game string, data []byte) {
		if game != "inference" && game != "bangarena" {
			game = "bangarena"
		}
		kind, vs := set.ValidateAuto(game, data)
		if kind == "" && len(vs) == 0 {
			t.Fatal("undetected input gave no violation")
		}
		for _, k := range Kinds(game) {
			vs := set.Validate(game, k, data)
			for _, v := range vs {
				if v.Message == "" {
					t.Fatalf("%s: violation without message: %+v", k, v)
				}
			}
			// The fast path may decline, never accept what the reference
			// validator rejects.
			if set.fastValid(game, k, data) && !referenceValid(set, game, k, data) {
				t.Fatalf("%s: fast path accepts what the reference rejects", k)
			}
		}
	})
}

// FuzzDetect checks that Detect never panics and that what it detects is a
// kind of the game.
func FuzzDetect(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, game string, data []byte) {
		kind, err := Detect(game, data)
		if err == nil && !HasKind(game, kind) {
			t.Fatalf("Detect(%q) = %q, which is not a kind", game, kind)
		}
	})
}
