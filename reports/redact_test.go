package reports

import (
	"reflect"
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	in := map[string]any{
		"target":               "http://127.0.0.1:7070",
		"token":                "t0k",
		"Seat_Tokens":          map[string]any{"0": "a", "1": "b"},
		"api-key":              "k",
		"nested":               map[string]any{"password": "p", "keep": "v", "list": []any{"x-agent-token: zzz", 3}},
		"headers":              map[string]string{"Authorization": "Bearer q", "Accept": "application/json"},
		"args":                 []string{"--token", "t1", "--seat", "0=s0", "--seat=1=s1", "--secret=t2", "--rounds", "40"},
		"url":                  "https://user:pw@host/path?token=abc&room=r1",
		"rounds":               40,
		"AUTHORIZATION_HEADER": "Bearer w",
	}
	got := Redact(in)
	want := map[string]any{
		"target":               "http://127.0.0.1:7070",
		"token":                Redacted,
		"Seat_Tokens":          Redacted,
		"api-key":              Redacted,
		"nested":               map[string]any{"password": Redacted, "keep": "v", "list": []any{"x-agent-token: " + Redacted, 3}},
		"headers":              map[string]any{"Authorization": Redacted, "Accept": "application/json"},
		"args":                 []string{"--token", Redacted, "--seat", "0=" + Redacted, "--seat=1=" + Redacted, "--secret=" + Redacted, "--rounds", "40"},
		"url":                  "https://user:" + Redacted + "@host/path?room=r1&token=" + Redacted,
		"rounds":               40,
		"AUTHORIZATION_HEADER": Redacted,
	}
	for k, w := range want {
		if !reflect.DeepEqual(got[k], w) {
			t.Errorf("%s: have %#v, want %#v", k, got[k], w)
		}
	}
	if in["token"] != "t0k" || in["nested"].(map[string]any)["password"] != "p" {
		t.Fatal("Redact modified its argument")
	}
	if Redact(nil) != nil {
		t.Fatal("Redact(nil) != nil")
	}
}

func TestRedactString(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello world", "hello world"},
		{"header line", "x-agent-token: abc123", "x-agent-token: " + Redacted},
		{"header in text", "sent X-Agent-Token=abc to the server", "sent X-Agent-Token=" + Redacted},
		{"bearer", "Authorization: Bearer abc.def", "Authorization: " + Redacted},
		{"url query", "ws://h/ws?match=1&token=s", "ws://h/ws?match=1&token=" + Redacted},
		{"url password", "connect to http://u:p@h:1/", "connect to http://u:" + Redacted + "@h:1/"},
		{"agent command", "./bin/bot  --token xyz --level 2", "./bin/bot --token " + Redacted + " --level 2"},
		{"seat flags", "umpire conform --seat 0=abc --seat=1=def", "umpire conform --seat 0=" + Redacted + " --seat=1=" + Redacted},
		{"no secret keeps spacing", "a  b\tc", "a  b\tc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RedactString(tc.in); got != tc.want {
				t.Fatalf("RedactString(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestIsSecretKey(t *testing.T) {
	for _, k := range []string{"token", "agent_token", "SECRET", "client-secret", "password", "passwd", "Authorization", "x-agent-token", "api_key", "apikey"} {
		if !IsSecretKey(k) {
			t.Errorf("IsSecretKey(%q) = false", k)
		}
	}
	for _, k := range []string{"target", "seats", "rounds", "deadline", "seed"} {
		if IsSecretKey(k) {
			t.Errorf("IsSecretKey(%q) = true", k)
		}
	}
}

// TestIsSecretKeyAgreesWithPattern: the ASCII fast path of IsSecretKey
// answers as the pattern does, for the words, their cases and spellings,
// near misses and names beyond ASCII.
func TestIsSecretKeyAgreesWithPattern(t *testing.T) {
	names := []string{"", "x", "TOKEN", "toke", "Tokens", "pass_word", "PassWd", "passwrd", "PASSWORD1", "api-key", "API_KEY", "api.key", "apiKey",
		"authorisation", "AUTHORIZATION", "authoriation", "Credentials", "credit", "set-cookie", "cookies", "secre", "my_secret_value",
		"kelvin-\u212aey", "paſsword", "TOKEN\u00e9", "\u00e9token", "ſecret", "api\u212aey", "cooKie"}
	for _, n := range names {
		if got, want := IsSecretKey(n), secretKey.MatchString(n); got != want {
			t.Errorf("IsSecretKey(%q) = %v, want %v (the pattern's)", n, got, want)
		}
	}
}

func FuzzIsSecretKey(f *testing.F) {
	f.Add("agent_token")
	f.Add("paſsword")
	f.Fuzz(func(t *testing.T, name string) {
		if got, want := IsSecretKey(name), secretKey.MatchString(name); got != want {
			t.Errorf("IsSecretKey(%q) = %v, want %v (the pattern's)", name, got, want)
		}
	})
}

func FuzzRedactArgs(f *testing.F) {
	f.Add("--token t --seat 0=x --rounds 4")
	f.Add("--seat")
	f.Add("-=x --=")
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		out := RedactArgs(args)
		if len(out) != len(args) {
			t.Fatalf("RedactArgs changed the argument count: %q -> %q", args, out)
		}
		for i, a := range args {
			if v, ok := strings.CutPrefix(a, "--token="); ok && v != "" && out[i] != "--token="+Redacted && out[i] != Redacted {
				t.Fatalf("value of %q kept: %q", a, out[i])
			}
		}
	})
}

func TestRedactJSON(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"no secret keeps bytes", `{"b":1, "a":"x"}`, `{"b":1, "a":"x"}`},
		{"hello token", `{"type":"hello","match_id":"m1","seat":2,"token":"s3cret"}`, `{"match_id":"m1","seat":2,"token":"[redacted]","type":"hello"}`},
		{"nested tokens map", `{"match_id":"m","tokens":{"0":"a","1":"b"}}`, `{"match_id":"m","tokens":"[redacted]"}`},
		{"header in a string", `["x-agent-token: abc"]`, `["x-agent-token: [redacted]"]`},
		{"big numbers survive", `{"n":12345678901234567890,"password":"p"}`, `{"n":12345678901234567890,"password":"[redacted]"}`},
		{"not JSON", `{"a":`, `{"a":`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(RedactJSON([]byte(tc.in))); got != tc.want {
				t.Fatalf("RedactJSON(%s) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestNewMessageRedacts(t *testing.T) {
	m := NewMessage(Sent, sampleStart, nil, []byte(`{"type":"hello","token":"s3cret"}`))
	if strings.Contains(string(m.Body), "s3cret") {
		t.Fatalf("token kept in %s", m.Body)
	}
	m = NewMessage(Received, sampleStart, nil, []byte("GET /r/1 x-agent-token: s3cret"))
	if strings.Contains(m.Text, "s3cret") {
		t.Fatalf("token kept in %q", m.Text)
	}
}
