package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
)

func TestConformList(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"all inference checks", []string{"--game", "inference", "--list"}, exitOK, []string{"inference: an illegal move is refused", "inference/illegal.no-consume", "checks; run one with --check"}},
		{"one by part of its name", []string{"--game", "inference", "--list", "--check", "illegal move is refused"}, exitOK, []string{"\n1 checks"}},
		{"a name that picks none", []string{"--game", "bangarena", "--list", "--check", "no such check"}, exitUsage, nil},
		{"a name that picks several", []string{"--game", "inference", "--list", "--check", "inference"}, exitUsage, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runUmpire(t, "", append([]string{"conform"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
	code, out, _ := runUmpire(t, "", "conform", "--game", "bangarena", "--list", "--format", "json")
	var list []listedCheck
	if code != exitOK || json.Unmarshal([]byte(out), &list) != nil || len(list) == 0 || len(list[0].Rules) == 0 {
		t.Fatalf("json list: exit %d, %q", code, out)
	}
}

// TestConformRunOneCheck runs one check by name against the embedded server.
func TestConformRunOneCheck(t *testing.T) {
	code, out, errOut := runUmpire(t, "", "conform", "--game", "bangarena", "--embedded", "--check", "token")
	if code != exitOK || !strings.Contains(out, "1 checks") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
}

// TestConformBundle writes a bundle of a conform run and checks it, then
// changes one byte of it.
func TestConformBundle(t *testing.T) {
	dir := t.TempDir() + "/bundle"
	code, out, errOut := runUmpire(t, "", "conform", "--game", "bangarena", "--embedded", "--check", "token", "--bundle", dir)
	if code != exitOK {
		t.Fatalf("conform: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runUmpire(t, "", "bundle", "verify", dir)
	if code != exitOK || !strings.Contains(out, "intact") {
		t.Fatalf("bundle verify: exit %d\n%s%s", code, out, errOut)
	}
	if err := os.WriteFile(dir+"/summary.md", []byte("all good\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runUmpire(t, "", "bundle", "verify", dir)
	if code != exitFail || !strings.Contains(out, "summary.md was changed") {
		t.Fatalf("tampered bundle: exit %d\n%s", code, out)
	}
	if code, _, _ := runUmpire(t, "", "bundle", "verify", t.TempDir()); code != exitError {
		t.Errorf("a directory without a manifest: exit %d, want %d", code, exitError)
	}
}

// TestConformCannotPlay: a handed-over room with a wrong token, or an
// unreachable target, is an error (exit 3) before any check runs, with one
// clear line, and the JUnit report says why in one errored case; no
// finding is charged to the target.
func TestConformCannotPlay(t *testing.T) {
	srv := startBangArenaRoom(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"wrong token", []string{"--target", srv.url, "--room", srv.room, "--seat", "0=wrong"}, "refused the seat"},
		{"unknown room", []string{"--target", srv.url, "--room", "no-such-room", "--seat", "0=" + srv.token0}, "does not know the room"},
		{"unreachable", []string{"--target", "http://127.0.0.1:1", "--room", "r", "--seat", "0=t"}, "cannot be reached"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			junit := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".xml")
			args := append([]string{"conform", "--game", "bangarena", "--junit", junit}, tc.args...)
			code, out, errOut := runUmpire(t, "", args...)
			if code != exitError || !strings.Contains(errOut, tc.want) || strings.Contains(out, "MUST") {
				t.Fatalf("exit %d, want %d and %q on stderr\nstdout:\n%s\nstderr:\n%s", code, exitError, tc.want, out, errOut)
			}
			x, err := os.ReadFile(junit)
			if err != nil || !strings.Contains(string(x), "<error") || !strings.Contains(string(x), tc.want) {
				t.Fatalf("junit %q (%v)", x, err)
			}
		})
	}
}

type givenRoom struct{ url, room, token0 string }

// startBangArenaRoom starts the embedded BangArena server and creates a
// room whose seat 0 the suite may play.
func startBangArenaRoom(t *testing.T) givenRoom {
	t.Helper()
	e, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close() })
	body := strings.NewReader(`{"seats":4,"roleMode":"classic","seed":"given","deadlineMs":300,"agents":[0]}`)
	resp, err := http.Post(e.URL+"/api/ai/rooms", "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c struct {
		RoomID string            `json:"roomId"`
		Tokens map[string]string `json:"tokens"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil || c.RoomID == "" {
		t.Fatalf("creating a room: %v %+v", err, c)
	}
	return givenRoom{url: e.URL, room: c.RoomID, token0: c.Tokens["0"]}
}
