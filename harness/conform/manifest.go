package conform

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/referee/rules"
)

//go:generate go run ./internal/genmanifest -o ../../conformance.json

// ManifestFile is where the conformance manifest is checked in, relative to
// the repository root; TestConformanceManifest fails when it and the code
// differ, and "go generate ./harness/conform" rewrites it.
const ManifestFile = "conformance.json"

// ManifestSchema names the version of the manifest's form.
const ManifestSchema = "umpire-conformance/1"

// Manifest is the conformance manifest, extracted from the code (as
// Kubernetes' conformance.yaml is from its tests): for every rule of the
// catalogue its level, basis, section and observability, the checks that
// can cover it (the conformance checks' Rules, and the certification checks
// of agents, named "certify: …") and the embedded servers' faults
// that prove a check catches a departure from it (each fault names the
// rule it breaks).
type Manifest struct {
	Schema string          `json:"schema"`
	Rules  []ManifestEntry `json:"rules"`
}

// ManifestEntry is one rule of the manifest.
type ManifestEntry struct {
	ID            string              `json:"id"`
	Level         rules.Level         `json:"level"`
	Basis         rules.Basis         `json:"basis"`
	Ref           string              `json:"ref,omitempty"`
	Doc           string              `json:"doc"`
	Section       string              `json:"section"`
	Observable    rules.Observability `json:"observable"`
	ObservableWhy string              `json:"observable_why,omitempty"`
	// Checks names the checks that can cover the rule, in name order: the
	// conformance checks (umpire conform) and, for agent rules, the
	// certification checks ("certify: …").
	Checks []string `json:"checks"`
	// Faults names the faults of the embedded servers that break the rule
	// ("game:fault"), in name order; TestFaultsAreCaught proves the suite
	// catches each by this rule.
	Faults []string `json:"faults"`
}

// BuildManifest extracts the manifest from the catalogue and, for every
// registered game, its checks, its certify checks and its embedded
// server's faults.
func BuildManifest() Manifest {
	checks := map[string][]string{}
	faults := map[string][]string{}
	for _, g := range game.All() {
		name := g.Facts().Name
		s, ok := game.Part[Suite](g)
		if !ok {
			continue
		}
		for _, c := range s.Checks() {
			for _, id := range c.Rules {
				checks[id] = append(checks[id], c.Name)
			}
		}
		if cr, ok := game.Part[CertifyRules](g); ok {
			for check, id := range cr() {
				checks[id] = append(checks[id], "certify: "+check)
			}
		}
		if vr, ok := game.Part[VerifyRules](g); ok {
			for _, id := range vr() {
				checks[id] = append(checks[id], "verify")
			}
		}
		for _, f := range s.Faults() {
			if f.Rule != "" {
				faults[f.Rule] = append(faults[f.Rule], name+":"+f.Name)
			}
		}
	}
	m := Manifest{Schema: ManifestSchema}
	for _, r := range rules.Default().All() {
		e := ManifestEntry{ID: r.ID, Level: r.Level, Basis: r.Basis, Ref: r.Ref, Doc: r.Doc, Section: r.Section,
			Observable: r.Observable, ObservableWhy: r.ObservableWhy,
			Checks: sortedUnique(checks[r.ID]), Faults: sortedUnique(faults[r.ID])}
		m.Rules = append(m.Rules, e)
	}
	return m
}

// Lookup returns the entry of rule id.
func (m Manifest) Lookup(id string) (ManifestEntry, bool) {
	i, ok := slices.BinarySearchFunc(m.Rules, id, func(e ManifestEntry, id string) int { return strings.Compare(e.ID, id) })
	if !ok {
		return ManifestEntry{}, false
	}
	return m.Rules[i], true
}

// JSON renders the manifest as the checked-in file holds it: indented, one
// trailing newline, HTML characters left as they are.
func (m Manifest) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func sortedUnique(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	out = slices.Compact(out)
	if out == nil {
		out = []string{}
	}
	return out
}
