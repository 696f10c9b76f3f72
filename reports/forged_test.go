package reports

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// forgeBundle edits report.json of a bundle as a forger would (through its
// JSON), claims a pass in its summary and the manifest, and redoes every
// digest, so that only the findings can tell.
func forgeBundle(t *testing.T, dir string, edit func(rep map[string]any)) {
	t.Helper()
	p := filepath.Join(dir, FileJSON)
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	edit(rep)
	sum := rep["summary"].(map[string]any)
	sum["verdict"], sum["exit_code"] = "pass", 0
	out, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
	var m Manifest
	mp := filepath.Join(dir, FileManifest)
	mraw, err := os.ReadFile(mp)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(mraw, &m); err != nil {
		t.Fatal(err)
	}
	for i, f := range m.Files {
		d, err := digest(filepath.Join(dir, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		m.Files[i].SHA256, m.Files[i].Bytes = d.SHA256, d.Bytes
	}
	m.Verdict, m.ExitCode = VerdictPass, ExitOK
	if err := writeJSONFile(mp, m); err != nil {
		t.Fatal(err)
	}
}

// eachFinding calls f on every finding of the checks of a decoded report.
func eachFinding(rep map[string]any, f func(check, finding map[string]any)) {
	for _, c := range rep["checks"].([]any) {
		c := c.(map[string]any)
		fs, _ := c["findings"].([]any)
		for _, x := range fs {
			f(c, x.(map[string]any))
		}
	}
}

// TestBundleForgeries: a bundle whose labels were edited to claim a pass,
// with every digest redone, is not intact, and the verdict found is the
// one the findings lead to (fail), not the labels'.
func TestBundleForgeries(t *testing.T) {
	tests := []struct {
		name string
		edit func(rep map[string]any)
		want string
	}{
		{"a failed check relabelled pass, its MUST finding kept", func(rep map[string]any) {
			eachFinding(rep, func(c, _ map[string]any) { c["status"] = "pass" })
		}, "is labelled pass but carries a MUST finding"},
		{"a failed check relabelled skip", func(rep map[string]any) {
			eachFinding(rep, func(c, _ map[string]any) { c["status"], c["reason"] = "skip", "not run" })
		}, "is labelled skip but carries a MUST finding"},
		{"a MUST finding lowered in the finding and the rule list", func(rep map[string]any) {
			eachFinding(rep, func(_, f map[string]any) { f["level"] = "INFO" })
			for _, r := range rep["rules"].([]any) {
				r.(map[string]any)["level"] = "INFO"
			}
		}, "is labelled INFO; the catalogue grades it MUST"},
		{"a finding given a basis of its own without a reference", func(rep map[string]any) {
			eachFinding(rep, func(_, f map[string]any) { f["basis"], f["level"] = "reading", "SHOULD" })
		}, "the catalogue grades it MUST"},
		// issue 26: a well-formed reading the catalogue does not list for
		// the rule is no basis of its findings.
		{"a finding given a well-formed reading of its own", func(rep map[string]any) {
			eachFinding(rep, func(_, f map[string]any) { f["basis"], f["ref"], f["level"] = "reading", "I-INF-9", "SHOULD" })
		}, "which the catalogue does not list for the rule"},
		{"a finding marked known failing, the list left empty", func(rep map[string]any) {
			eachFinding(rep, func(_, f map[string]any) { f["known_failing"] = "excused" })
		}, "the run's known-failing list does not name the rule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := WriteBundle(dir, basisReport(false)); err != nil {
				t.Fatal(err)
			}
			forgeBundle(t, dir, tt.edit)
			res, err := VerifyBundle(dir)
			if err != nil {
				t.Fatal(err)
			}
			joined := strings.Join(res.Problems, "\n")
			if !strings.Contains(joined, tt.want) {
				t.Fatalf("problems:\n%s\nwant %q", joined, tt.want)
			}
			if res.Verdict != VerdictFail || res.ExitCode != ExitFail {
				t.Fatalf("verdict found %s (exit %d), want fail (exit 1)", res.Verdict, res.ExitCode)
			}
		})
	}
	t.Run("an honest bundle is intact and its verdict found", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := WriteBundle(dir, basisReport(false, Known{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"})); err != nil {
			t.Fatal(err)
		}
		res, err := VerifyBundle(dir)
		if err != nil || len(res.Problems) > 0 {
			t.Fatalf("err %v, problems %q", err, res.Problems)
		}
		if res.Verdict != VerdictPass || res.ExitCode != ExitOK {
			t.Fatalf("verdict found %s (exit %d), want pass", res.Verdict, res.ExitCode)
		}
	})
}

// TestMergeForgeries: shards whose labels were edited, or that disagree on
// what excuses a finding, never merge to a pass.
func TestMergeForgeries(t *testing.T) {
	shards := func(t *testing.T, known ...Known) []*Report {
		a, b := basisReport(false, known...), basisReport(false, known...)
		a.Meta.Seeds, b.Meta.Seeds = []string{"1", "2"}, []string{"1", "2"}
		a.Meta.Shard, b.Meta.Shard = &Shard{K: 1, N: 2, Seeds: []string{"1"}}, &Shard{K: 2, N: 2, Seeds: []string{"2"}}
		b.Checks = []Check{{Name: "ante2", Rules: []string{"inference/round.2.ante"}, Status: Pass}}
		return []*Report{a, b}
	}
	forge := func(r *Report, edit func(c *Check, f *Finding)) {
		for i := range r.Checks {
			for j := range r.Checks[i].Findings {
				edit(&r.Checks[i], &r.Checks[i].Findings[j])
			}
		}
	}
	tests := []struct {
		name    string
		edit    func(t *testing.T, rs []*Report)
		warning string
	}{
		{"a check relabelled pass", func(_ *testing.T, rs []*Report) {
			forge(rs[0], func(c *Check, _ *Finding) { c.Status = Pass })
		}, "is labelled pass but carries a MUST finding"},
		{"levels lowered, stated level dropped", func(_ *testing.T, rs []*Report) {
			forge(rs[0], func(_ *Check, f *Finding) { f.Level, f.Stated = rules.Info, "" })
		}, "the catalogue grades it MUST"},
		{"levels lowered in the rule list too", func(_ *testing.T, rs []*Report) {
			for _, r := range rs {
				for i := range r.Rules {
					r.Rules[i].Level = rules.Info
				}
			}
			forge(rs[0], func(_ *Check, f *Finding) { f.Level, f.Stated = rules.Info, "" })
		}, "the catalogue says MUST"},
		{"a known-failing mark without the list", func(_ *testing.T, rs []*Report) {
			forge(rs[0], func(_ *Check, f *Finding) { f.Known = "excused" })
		}, "does not name the rule"},
		{"a document finding lowered to a well-formed reading (issue 26)", func(_ *testing.T, rs []*Report) {
			forge(rs[0], func(_ *Check, f *Finding) {
				f.Basis, f.Ref, f.Level, f.Stated = rules.BasisReading, "I-INF-5", rules.Should, rules.Must
			})
		}, "which the catalogue does not list for the rule"},
	}
	// Both merges regrade: the one that leaves its inputs alone and the
	// one that takes them over (umpire report merge).
	mergers := []struct {
		name  string
		merge func(rs ...*Report) (*Report, error)
	}{
		{"copied", Merge},
		{"owned", func(rs ...*Report) (*Report, error) { return MergeOwned(rules.Default(), rs...) }},
	}
	for _, tt := range tests {
		for _, mg := range mergers {
			t.Run(tt.name+"/"+mg.name, func(t *testing.T) {
				rs := shards(t)
				tt.edit(t, rs)
				merged, err := mg.merge(rs...)
				if err != nil {
					t.Fatal(err)
				}
				if v := merged.Verdict(); v != VerdictFail {
					t.Fatalf("merged verdict %s, want fail", v)
				}
				if !strings.Contains(strings.Join(merged.Warnings, "\n"), RegradedPrefix) || !strings.Contains(strings.Join(merged.Warnings, "\n"), tt.warning) {
					t.Fatalf("warnings %q, want one saying %q", merged.Warnings, tt.warning)
				}
			})
		}
	}
	refused := []struct {
		name string
		edit func(rs []*Report)
		want string
	}{
		{"a known-failing list in one shard only", func(rs []*Report) {
			rs[0].Meta.KnownFailing = []Known{{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"}}
		}, "known-failing lists differ"},
		{"a known-flaky list in one shard only", func(rs []*Report) {
			rs[1].Meta.KnownFlaky = []Known{{Rule: "inference/round.3.raise-cap", Reason: "flaky"}}
		}, "known-flaky lists differ"},
		{"strict in one shard only", func(rs []*Report) { rs[1].Meta.Strict = true }, "strictness differs"},
	}
	for _, tt := range refused {
		for _, mg := range mergers {
			t.Run(tt.name+"/"+mg.name, func(t *testing.T) {
				rs := shards(t)
				tt.edit(rs)
				_, err := mg.merge(rs...)
				if !errors.Is(err, ErrMerge) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("err %v, want ErrMerge saying %q", err, tt.want)
				}
			})
		}
	}
	t.Run("honest shards merge without a correction", func(t *testing.T) {
		rs := shards(t, Known{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"})
		merged, err := Merge(rs...)
		if err != nil {
			t.Fatal(err)
		}
		if len(merged.Warnings) > 0 || merged.Verdict() != VerdictPass {
			t.Fatalf("verdict %s, warnings %q", merged.Verdict(), merged.Warnings)
		}
	})
}

// TestRegradeKeepsListedClauses (issue 26): a finding on a basis the
// catalogue lists for its rule (a reading of the legal list, a schema's
// pin) keeps it through Regrade; the same basis on a rule that does not
// list it is replaced by the rule's own.
func TestRegradeKeepsListedClauses(t *testing.T) {
	cat := rules.Default()
	tests := []struct {
		rule      string
		basis     rules.Basis
		ref       string
		wantLevel rules.Level
	}{
		{"bangarena/server.legal-actions", rules.BasisReading, "I-BA-29", rules.Should},
		{"bangarena/server.legal-actions", rules.BasisReading, "I-BA-35", rules.Should},
		{"bangarena/12.request", rules.BasisContract, "WIRE.md Observation fields", rules.Should},
		{"inference/wire.move.amount", rules.BasisReading, "I-INF-40", rules.Should},
		{"bangarena/server.legal-actions", rules.BasisReading, "I-INF-40", rules.Must},
		{"bangarena/5.jail", rules.BasisReading, "I-BA-29", rules.Must},
		{"bangarena/server.token", rules.BasisContract, "WIRE.md Errors", rules.Must},
	}
	for _, tc := range tests {
		r := &Report{Checks: []Check{{Name: "c", Status: Fail, Findings: []Finding{{Finding: rules.Finding{Rule: tc.rule, Level: rules.Must, Basis: tc.basis, Ref: tc.ref}}}}}}
		r.Regrade(cat)
		if got := r.Checks[0].Findings[0].Level; got != tc.wantLevel {
			t.Errorf("%s on %s %s: %s, want %s", tc.rule, tc.basis, tc.ref, got, tc.wantLevel)
		}
	}
}
