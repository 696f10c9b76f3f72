package reports

import (
	"bytes"
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Redacted replaces every secret Redact removes.
const Redacted = "[redacted]"

// secretKey matches names of keys, flags and headers that hold secrets.
var secretKey = regexp.MustCompile(`(?i)(token|secret|passw(or)?d|authori[sz]ation|api[-_]?key|credential|cookie)`)

// headerLine matches "Name: value" lines whose name is a secret header.
var headerLine = regexp.MustCompile(`(?i)\b(x-agent-token|authorization|proxy-authorization|cookie)(\s*[:=]\s*)(\S[^\r\n]*)`)

// IsSecretKey reports whether a config key, flag or header name names a
// secret (token, secret, password, authorization, api key, credential,
// cookie; case-insensitive, anywhere in the name).
//
// A name of ASCII alone, as every key of the wire is, is looked up by
// plain substring search (the same answer as secretKey, at a fraction of
// its cost: reports redact every key of every recorded message); any other
// name goes through secretKey, whose case folding reaches beyond ASCII.
func IsSecretKey(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return secretKey.MatchString(name)
		}
	}
	lower := strings.ToLower(name)
	for _, w := range secretWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// secretWords are the ASCII spellings secretKey matches, in lower case.
var secretWords = [...]string{"token", "secret", "password", "passwd", "authorization", "authorisation", "apikey", "api-key", "api_key", "credential", "cookie"}

// Redact returns a deep copy of config with secrets replaced by "[redacted]":
// the value of every key named like a secret (see IsSecretKey), header lines
// such as "x-agent-token: …" or "Authorization: Bearer …" inside strings,
// passwords in URLs and URL query parameters named like secrets. Redact
// never modifies its argument.
func Redact(config map[string]any) map[string]any {
	if config == nil {
		return nil
	}
	out := make(map[string]any, len(config))
	for k, v := range config {
		if IsSecretKey(k) {
			out[k] = Redacted
			continue
		}
		out[k] = redactValue(v)
	}
	return out
}

func redactValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return Redact(v)
	case map[string]string:
		m := make(map[string]any, len(v))
		for k, s := range v {
			m[k] = s
		}
		return Redact(m)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = redactValue(e)
		}
		return out
	case []string:
		return RedactArgs(v)
	case string:
		return RedactString(v)
	}
	return v
}

// RedactString removes secrets from free text such as an agent command
// line: values of secret header lines ("x-agent-token: …"), values of secret
// flags ("--token X", "--seat 0=TOKEN") and secrets carried in URLs. When it
// changes a command line, runs of white space become single spaces.
func RedactString(s string) string {
	s = headerLine.ReplaceAllString(s, "${1}${2}"+Redacted)
	fields := strings.Fields(s)
	out := redactWords(fields)
	if slices.Equal(out, fields) {
		return s
	}
	return strings.Join(out, " ")
}

func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return s
	}
	changed := false
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "REDACTED")
		changed = true
	}
	q := u.Query()
	for k := range q {
		if IsSecretKey(k) {
			q[k] = []string{"REDACTED"}
			changed = true
		}
	}
	if !changed {
		return s
	}
	u.RawQuery = q.Encode()
	return strings.ReplaceAll(u.String(), "REDACTED", Redacted)
}

// RedactArgs returns a copy of a command line with secret flag values
// replaced: "--token X", "--token=X", "-password X", and the token part of
// "--seat N=TOKEN" (the seat number stays); URLs lose their passwords and
// secret query parameters, and an argument that is itself a command line
// (e.g. the value of --agent) goes through RedactString.
func RedactArgs(args []string) []string {
	out := redactWords(args)
	for i, a := range out {
		if a == args[i] && strings.ContainsAny(a, " \t\n") {
			out[i] = RedactString(a)
		} else if a == args[i] {
			out[i] = headerLine.ReplaceAllString(a, "${1}${2}"+Redacted)
		}
	}
	return out
}

// redactWords redacts secret flag values and URLs word by word.
func redactWords(args []string) []string {
	out := make([]string, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		isFlag := strings.HasPrefix(a, "-") && name != ""
		switch {
		case isFlag && (IsSecretKey(name) || name == "seat"):
			redacted := Redacted
			if name == "seat" {
				redacted = seatRedacted(value)
			}
			if hasValue {
				out[i] = a[:len(a)-len(value)] + redacted
				continue
			}
			out[i] = a
			if i+1 < len(args) {
				i++
				if name == "seat" {
					out[i] = seatRedacted(args[i])
				} else {
					out[i] = Redacted
				}
			}
		case strings.Contains(a, "://"):
			out[i] = redactURL(a)
		default:
			out[i] = a
		}
	}
	return out
}

// seatRedacted keeps the seat number of "N=TOKEN" and hides the token.
func seatRedacted(v string) string {
	if n, _, ok := strings.Cut(v, "="); ok {
		return n + "=" + Redacted
	}
	return Redacted
}

// RedactJSON returns raw with the values of secret keys (see IsSecretKey)
// replaced by "[redacted]" at any depth, and secrets removed from strings
// as by RedactString. When nothing is secret, raw is returned unchanged
// (same bytes, same key order); when raw is not JSON, it is returned as is.
func RedactJSON(raw []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return raw
	}
	red, changed := redactAny(v)
	if !changed {
		return raw
	}
	b, err := json.Marshal(red)
	if err != nil {
		return raw
	}
	return b
}

func redactAny(v any) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		changed := false
		for k, e := range v {
			if IsSecretKey(k) {
				if e != Redacted {
					v[k], changed = Redacted, true
				}
				continue
			}
			if r, c := redactAny(e); c {
				v[k], changed = r, true
			}
		}
		return v, changed
	case []any:
		changed := false
		for i, e := range v {
			if r, c := redactAny(e); c {
				v[i], changed = r, true
			}
		}
		return v, changed
	case string:
		r := RedactString(v)
		return r, r != v
	}
	return v, false
}
