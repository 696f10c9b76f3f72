package main

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/selftest"
	"github.com/umpire-arena/umpire/reports"
)

// checkJUnitDoc fails the test unless doc is one XML document: a
// declaration, one root element, and nothing but white space after it.
func checkJUnitDoc(t *testing.T, doc string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	depth, roots := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("stdout is not XML: %v\n%s", err, tail(doc))
		}
		switch x := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && strings.TrimSpace(string(x)) != "" {
				t.Fatalf("stdout holds text outside the XML document: %q", strings.TrimSpace(string(x)))
			}
		}
	}
	if roots != 1 || !strings.HasPrefix(doc, "<?xml") {
		t.Fatalf("stdout holds %d root elements (want one JUnit document):\n%s", roots, tail(doc))
	}
}

// tail is the end of a long output, for messages.
func tail(s string) string {
	if len(s) > 600 {
		return "…" + s[len(s)-600:]
	}
	return s
}

// pipeCase is one command that can write a report to standard output.
type pipeCase struct {
	name string
	// args builds the command line, given a fresh report directory (for
	// the commands that take --report-dir) and the report flag.
	args func(t *testing.T, dir string) []string
	// run runs it (runUmpire when nil).
	run func(t *testing.T, args []string) (code int, stdout, stderr string)
	// mdOfJSON: the report directory's summary.md is not the report's
	// Markdown (selftest's is its index); compare with the Markdown of its
	// report.json.
	mdOfJSON bool
	// formats lists the report flags to try (json, junit and md when nil).
	formats []string
}

// TestReportsToStdoutAreClean: when a report goes to "-", standard output
// carries that report alone: the JSON parses to its end, the JUnit is one
// XML document, the Markdown is the summary.md of the same run, byte for
// byte. Every command that can write a report to "-" is tried.
func TestReportsToStdoutAreClean(t *testing.T) {
	agent, _ := buildAgents(t)
	known := filepath.Join(t.TempDir(), "known.txt")
	if err := os.WriteFile(known, []byte("inference/visibility.no-peek  leaks until 2.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []pipeCase{
		{name: "conform", args: func(_ *testing.T, dir string) []string {
			return []string{"conform", "--game", "inference", "--embedded", "--check", "hidden values stay hidden", "--report-dir", dir}
		}},
		{name: "conform, known failing", args: func(_ *testing.T, dir string) []string {
			return []string{"conform", "--game", "inference", "--embedded", "--check", "hidden values stay hidden", "--known-failing", known, "--report-dir", dir}
		}},
		{name: "conform, unreachable target", args: func(_ *testing.T, dir string) []string {
			return []string{"conform", "--game", "inference", "--target", "http://127.0.0.1:1", "--create", "--report-dir", dir}
		}, formats: []string{"json", "junit"}},
		{name: "certify", args: func(_ *testing.T, dir string) []string {
			return []string{"certify", "--game", "inference", "--agent", agent, "--matches", "1", "--rounds", "2", "--report-dir", dir}
		}},
		{name: "certify, A/B", args: func(_ *testing.T, dir string) []string {
			return []string{"certify", "--game", "inference", "--agent", agent, "--baseline", agent, "--matches", "2", "--rounds", "2", "--report-dir", dir}
		}},
		{name: "replay", args: func(_ *testing.T, dir string) []string {
			return []string{"replay", "--game", "inference", "--seed", "pipes", "--match", "0", "--rounds", "2", "--agent", agent, "--report-dir", dir}
		}},
		{name: "verify", args: func(_ *testing.T, dir string) []string {
			return []string{"verify", "--game", "inference", vtd("full.jsonl"), vtd("mutations/raise-over-cap.jsonl"), "--report-dir", dir}
		}},
		{name: "validate", args: func(_ *testing.T, dir string) []string {
			return []string{"validate", "--game", "inference", td("inference_bad.jsonl"), "--report-dir", dir}
		}},
		{name: "legal", args: func(_ *testing.T, dir string) []string {
			return []string{"legal", "--game", "inference", "--check", legalTD("your_turn_bad_to_call.json"), "--report-dir", dir}
		}},
		{name: "report merge", args: func(_ *testing.T, dir string) []string {
			return []string{"report", "merge", filepath.Join("..", "..", "reports", "testdata", "ab-worse.json"), "--report-dir", dir}
		}},
		{name: "proxy", args: func(_ *testing.T, dir string) []string { return []string{"--report-dir", dir} },
			run: func(t *testing.T, args []string) (int, string, string) {
				pr := proxyOneRoom(t, args...)
				return pr.code, pr.stdout, pr.stderr
			}},
		{name: "proxy, unreachable target", args: func(_ *testing.T, dir string) []string {
			return []string{"proxy", "--game", "inference", "--target", "http://127.0.0.1:1", "--report-dir", dir}
		}, formats: []string{"json", "junit"}},
		{name: "selftest", mdOfJSON: true,
			args: func(t *testing.T, dir string) []string {
				return []string{"--game", harness.GameInference, "--matches", "1", "--report-dir", dir}
			},
			run: func(t *testing.T, args []string) (int, string, string) {
				hook := func(o *selftest.Options) { o.Only = onlyVerify }
				return runSelftest(t, false, hook, args...)
			}},
	}
	for _, pc := range cases {
		formats := pc.formats
		if formats == nil {
			formats = []string{"json", "junit", "md"}
		}
		for _, format := range formats {
			t.Run(pc.name+" --"+format+" -", func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "reports")
				args := append(pc.args(t, dir), "--"+format, "-")
				run := pc.run
				if run == nil {
					run = func(t *testing.T, args []string) (int, string, string) { return runUmpire(t, "", args...) }
				}
				code, out, errs := run(t, args)
				if code == exitUsage {
					t.Fatalf("usage error: %s", errs)
				}
				switch format {
				case "json":
					rep, err := reports.ReadJSON(strings.NewReader(out))
					if err != nil {
						t.Fatalf("stdout is not one JSON report: %v\n%s", err, tail(out))
					}
					if rep.ExitCode() != code {
						t.Errorf("the report's exit code is %d, the command's %d", rep.ExitCode(), code)
					}
				case "junit":
					checkJUnitDoc(t, out)
				case "md":
					b, err := os.ReadFile(filepath.Join(dir, reports.FileMarkdown))
					if pc.mdOfJSON {
						var md strings.Builder
						err = reports.WriteMarkdown(&md, readReport(t, filepath.Join(dir, reports.FileJSON)))
						b = []byte(md.String())
					}
					if err != nil {
						t.Fatalf("the run wrote no %s: %v", reports.FileMarkdown, err)
					}
					if out != string(b) {
						t.Errorf("stdout is not the Markdown summary alone:\nstdout:\n%s\nsummary.md:\n%s", tail(out), tail(string(b)))
					}
				}
				if strings.TrimSpace(errs) == "" && format != "md" {
					t.Errorf("nothing on stderr: the console output went nowhere")
				}
			})
		}
	}
}
