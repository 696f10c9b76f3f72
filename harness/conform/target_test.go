package conform

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseSeats(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    map[int]string
		wantErr bool
	}{
		{"two seats", "0=a,1=b", map[int]string{0: "a", 1: "b"}, false},
		{"spaces and empty items", " 3=x , ,", map[int]string{3: "x"}, false},
		{"token with equals", "2=a=b", map[int]string{2: "a=b"}, false},
		{"no equals", "0", nil, true},
		{"negative seat", "-1=a", nil, true},
		{"empty token", "1=", nil, true},
		{"not a number", "x=1", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseSeats(tc.in)
			if (err != nil) != tc.wantErr {
				t.Fatalf("have error %v, want error %v", err, tc.wantErr)
			}
			if err != nil && !errors.Is(err, ErrConfig) {
				t.Errorf("have %v, want an ErrConfig", err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) && !tc.wantErr {
				t.Errorf("have %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTargetSources(t *testing.T) {
	env := map[string]string{"UMPIRE_TARGET": "http://env:1", "UMPIRE_ROOM": "r-env", "UMPIRE_MATCH": "m-env", "UMPIRE_SEATS": "1=env-tok", "UMPIRE_MCP": "yes"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		name  string
		flags Target
		check func(t *testing.T, tg *Target)
	}{
		{"env fills what flags leave", Target{Game: GameBangArena}, func(t *testing.T, tg *Target) {
			if tg.URL != "http://env:1" || tg.Match != "r-env" || tg.Seats[1] != "env-tok" || tg.MCP != MCPYes {
				t.Errorf("have %+v, want the environment's values", tg)
			}
			if tg.DeadlineMS != 500 {
				t.Errorf("have deadline %d, want 500 from the file", tg.DeadlineMS)
			}
		}},
		{"the file names the game: its variable wins over the file", Target{}, func(t *testing.T, tg *Target) {
			if tg.Game != GameBangArena || tg.Match != "r-env" || tg.MatchNoun != "room" {
				t.Errorf("have %+v, want the room of UMPIRE_ROOM", tg)
			}
		}},
		{"flags win over env and file", Target{Game: GameBangArena, URL: "http://flag:2", Match: "r-flag", MCP: MCPNo}, func(t *testing.T, tg *Target) {
			if tg.URL != "http://flag:2" || tg.Match != "r-flag" || tg.MCP != MCPNo {
				t.Errorf("have %+v, want the flags' values", tg)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := tc.flags
			if err := tg.FromEnv(getenv); err != nil {
				t.Fatal(err)
			}
			if err := tg.LoadFile("testdata/target.json"); err != nil {
				t.Fatal(err)
			}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			tc.check(t, &tg)
		})
	}
}

func TestTargetValidate(t *testing.T) {
	tests := []struct {
		name string
		t    Target
		ok   bool
	}{
		{"create", Target{Game: GameInference, URL: "http://h:1", Create: true}, true},
		{"match and seats", Target{Game: GameInference, URL: "http://h:1", Match: "m", Seats: map[int]string{0: "t"}}, true},
		{"no game", Target{URL: "http://h:1", Create: true}, false},
		{"no url", Target{Game: GameInference, Create: true}, false},
		{"not http", Target{Game: GameInference, URL: "ftp://h", Create: true}, false},
		{"match without seats", Target{Game: GameInference, URL: "http://h:1", Match: "m"}, false},
		{"room missing", Target{Game: GameBangArena, URL: "http://h:1", Seats: map[int]string{0: "t"}}, false},
		{"room under its noun", Target{Game: GameBangArena, URL: "http://h:1", Match: "r", MatchNoun: "room", Seats: map[int]string{0: "t"}}, true},
		{"room under another game's noun", Target{Game: GameBangArena, URL: "http://h:1", Match: "r", MatchNoun: "match", Seats: map[int]string{0: "t"}}, false},
		{"match under another game's noun", Target{Game: GameInference, URL: "http://h:1", Match: "m", MatchNoun: "room", Seats: map[int]string{0: "t"}}, false},
		{"another game's noun with create", Target{Game: GameInference, URL: "http://h:1", Create: true, Match: "m", MatchNoun: "room"}, false},
		{"bad mcp", Target{Game: GameBangArena, URL: "http://h:1", Create: true, MCP: "maybe"}, false},
		{"negative deadline", Target{Game: GameBangArena, URL: "http://h:1", Create: true, DeadlineMS: -1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.t.Validate()
			if (err == nil) != tc.ok {
				t.Errorf("have %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

func TestRedactedHasNoTokens(t *testing.T) {
	tg := Target{Game: GameInference, URL: "http://h:1", Match: "m", Seats: map[int]string{0: "secret-zero", 4: "secret-four"}}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(tg.Redacted())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "secret") {
		t.Errorf("have %s, want no token", data)
	}
	if !strings.Contains(string(data), `"seats":[0,4]`) {
		t.Errorf("have %s, want the seat numbers", data)
	}
}

// TestMatchUnderItsNoun: the id of the match to play is one field, given
// and reported under the game's noun: the report's configuration key stays
// "match" (Inference) or "room" (BangArena), as in reports written when
// they were two fields, so shards of either age merge; a file naming two
// nouns, or two flags of two nouns, are refused.
func TestMatchUnderItsNoun(t *testing.T) {
	for _, tc := range []struct{ game, key, other string }{{GameInference, "match", "room"}, {GameBangArena, "room", "match"}} {
		tg := Target{Game: tc.game, URL: "http://h:1", Match: "id-1", Seats: map[int]string{0: "t"}}
		if err := tg.Validate(); err != nil {
			t.Fatal(err)
		}
		cfg := tg.Redacted()
		if _, other := cfg[tc.other]; cfg[tc.key] != "id-1" || other {
			t.Errorf("%s: have config %v, want the id under %q alone", tc.game, cfg, tc.key)
		}
		var f Target
		if err := f.LoadJSON([]byte(`{"game":"` + tc.game + `","url":"http://h:1","` + tc.key + `":"id-2","seat":["0=t"]}`)); err != nil {
			t.Fatal(err)
		}
		if err := f.Validate(); err != nil || f.Match != "id-2" {
			t.Errorf("%s: a file's %q: have %q, %v", tc.game, tc.key, f.Match, err)
		}
	}
	var two Target
	if err := two.LoadJSON([]byte(`{"game":"bangarena","match":"m","room":"r"}`)); !errors.Is(err, ErrConfig) {
		t.Errorf("a file naming a match and a room: have %v, want an ErrConfig", err)
	}
	var flags Target
	if err := flags.SetMatch("match", "m"); err != nil {
		t.Fatal(err)
	}
	if err := flags.SetMatch("match", "m2"); err != nil || flags.Match != "m2" {
		t.Errorf("a flag given twice: have %q, %v; want the last", flags.Match, err)
	}
	if err := flags.SetMatch("room", "r"); !errors.Is(err, ErrConfig) {
		t.Errorf("--match and --room: have %v, want an ErrConfig", err)
	}
	wrong := Target{Game: GameInference, URL: "http://h:1", Seats: map[int]string{0: "t"}}
	if err := wrong.SetMatch("room", "r"); err != nil {
		t.Fatal(err)
	}
	if err := wrong.Validate(); err == nil || !strings.Contains(err.Error(), "; Inference plays a match: give --match") {
		t.Errorf("--room for Inference: have %v", err)
	}
}

func TestFilter(t *testing.T) {
	tests := []struct {
		name, expr string
		want       int
	}{
		{"everything", "", len(Checks(GameInference))},
		{"by rule id with a slash", "inference/server.auth", 1},
		// The raise cap is covered by its probe and by the log replay,
		// whose labels are every rule the verifier can evaluate.
		{"by label", "inference.round.3.raise-cap", 2},
		{"or", "inference/server.auth || inference/round.3.raise-cap", 3},
		{"by game", "inference", len(Checks(GameInference))},
		{"nothing", "bangarena", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Filter(Checks(GameInference), tc.expr)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.want {
				t.Errorf("have %d checks, want %d", len(got), tc.want)
			}
		})
	}
	if _, err := Filter(Checks(GameInference), "(("); err == nil {
		t.Error("have no error for a bad expression, want one")
	}
}

func FuzzParseSeats(f *testing.F) {
	for _, s := range []string{"0=a,1=b", "", "x", "1=", "=", ",,,", "99999999999999999999=a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseSeats(s)
		if err != nil {
			return
		}
		for seat, tok := range m {
			if seat < 0 || tok == "" {
				t.Errorf("ParseSeats(%q) gave seat %d token %q", s, seat, tok)
			}
		}
	})
}

func TestLoadJSON(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ok   bool
	}{
		{"object", `{"game":"inference","url":"http://h:1","create":true}`, true},
		{"unknown field", `{"game":"inference","token":"x"}`, false},
		{"trailing data", `{"game":"inference"} {}`, false},
		{"not json", `game=inference`, false},
		{"wrong type", `{"deadline_ms":"soon"}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tg Target
			err := tg.LoadJSON([]byte(tc.in))
			if (err == nil) != tc.ok {
				t.Errorf("have %v, want ok=%v", err, tc.ok)
			}
			if err != nil && !errors.Is(err, ErrConfig) {
				t.Errorf("have %v, want an ErrConfig", err)
			}
		})
	}
}

func FuzzLoadJSON(f *testing.F) {
	f.Add([]byte(`{"game":"bangarena","url":"http://h:1","room":"r","seats":{"0":"t"}}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"seats":{"x":"t"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var tg Target
		if err := tg.LoadJSON(data); err != nil {
			if !errors.Is(err, ErrConfig) {
				t.Errorf("LoadJSON error %v is not an ErrConfig", err)
			}
			return
		}
		_ = tg.Validate() // must not panic whatever the file held
	})
}

// TestLoadJSONStrict: "strict": true in a config file makes the run strict,
// and the request bound and flaky list come through too.
func TestLoadJSONStrict(t *testing.T) {
	var tg Target
	if err := tg.LoadJSON([]byte(`{"game":"inference","url":"http://h:1","create":true,"strict":true,"request_timeout_ns":2000000000,"known_flaky":["inference/round.3.raise-cap"]}`)); err != nil {
		t.Fatal(err)
	}
	if !tg.Strict || tg.RequestTimeout != 2*time.Second || len(tg.Flaky) != 1 {
		t.Fatalf("have strict %v, request timeout %v, flaky %v", tg.Strict, tg.RequestTimeout, tg.Flaky)
	}
}

// TestExampleConfig: the commented example in examples/ reads with the
// flag names it uses, and a file may use either spelling but not both.
func TestExampleConfig(t *testing.T) {
	var tg Target
	if err := tg.LoadFile(filepath.Join("..", "..", "examples", "conform.jsonc")); err != nil {
		t.Fatal(err)
	}
	if tg.Game != GameBangArena || tg.URL != "http://127.0.0.1:7070" || tg.Match != "r-42" || tg.MatchNoun != "room" || tg.Seats[1] != "TOKEN1" ||
		tg.DeadlineMS != 300 || tg.RequestTimeout != 10*time.Second || tg.CheckTimeout != time.Minute {
		t.Fatalf("read %+v", tg)
	}
	var both Target
	if err := both.LoadJSON([]byte(`{"target":"http://a:1","url":"http://b:1"}`)); err == nil {
		t.Error("a key given under both names was accepted")
	}
	var size Target
	if err := size.LoadJSON([]byte(`{"seats": 5, "create": true}`)); err != nil || size.TableSize != 5 {
		t.Errorf("seats as the table size: %v %d", err, size.TableSize)
	}
}
