package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// ErrMerge is wrapped by every error Merge returns.
var ErrMerge = errors.New("reports: cannot merge")

// Merge joins the reports of the shards of one run into the report of the
// whole run. The result equals the report of an unsharded run of the same
// seeds except for timings: checks and matches are put in canonical order
// (Normalize), statistics and coverage are recomputed from the raw results,
// Started is the earliest start and Duration spans to the latest end.
//
// Merge refuses, with an error wrapping ErrMerge, anything that would make
// the merged report claim more than was run:
//   - reports of different runs: a different schema, umpire version, kind,
//     games, rules versions, rule catalogue, target, config, seed list,
//     strictness, known-failing or known-flaky list;
//   - shards that do not form a whole: mixed totals, a shard given twice, a
//     shard missing (a partial report would look complete), or an unsharded
//     report among shard reports;
//   - overlapping work: a seed played by two shards, a seed of the run that
//     no shard played, a check or match in a shard that did not play its
//     seed, or the same check reported by two shards.
//
// Statuses and levels are recomputed from the findings and the built-in
// catalogue (Regrade), never taken from the shards' labels; each correction
// is kept as a warning starting with RegradedPrefix.
//
// A single unsharded report is returned as a normalized copy. The inputs are
// not modified; the result shares findings and transcripts with them.
func Merge(reports ...*Report) (*Report, error) {
	return MergeWith(rules.Default(), reports...)
}

// MergeWith is Merge regrading against the catalogue cat instead of the
// built-in one.
func MergeWith(cat *rules.Catalogue, reports ...*Report) (*Report, error) {
	return merge(cat, false, reports)
}

// MergeOwned is MergeWith taking the reports over: their findings are
// regraded in place and their checks and matches moved into the result,
// so a merge holds every finding once instead of twice (umpire report
// merge reads the shards for the merge alone). The inputs must not be used
// afterwards.
func MergeOwned(cat *rules.Catalogue, reports ...*Report) (*Report, error) {
	return merge(cat, true, reports)
}

// merge is MergeWith; own says the inputs are the merge's to consume.
func merge(cat *rules.Catalogue, own bool, reports []*Report) (*Report, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("%w: no reports given", ErrMerge)
	}
	for i, r := range reports {
		if r == nil {
			return nil, fmt.Errorf("%w: report %d is nil", ErrMerge, i+1)
		}
		if r.Schema != Schema {
			return nil, fmt.Errorf("%w: report %d has schema %q, want %q", ErrMerge, i+1, r.Schema, Schema)
		}
	}
	first := reports[0]
	if len(reports) == 1 && first.Meta.Shard == nil {
		out := first
		if !own {
			out = copyReport(first)
		}
		out.regradeMerged(cat, own)
		out.Normalize()
		return out, nil
	}
	if err := checkShards(reports); err != nil {
		return nil, err
	}
	for _, r := range reports[1:] {
		if err := sameRun(first, r); err != nil {
			return nil, fmt.Errorf("%w: shard %s differs from shard %s: %v", ErrMerge, shardName(r), shardName(first), err)
		}
	}
	if err := checkSeeds(reports); err != nil {
		return nil, err
	}

	// The result's checks and matches are allocated once, at their final
	// length; an owned shard's are dropped as they are moved, so that
	// only one copy of each check is held.
	nChecks, nMatches := 0, 0
	for _, r := range reports {
		nChecks += len(r.Checks)
		nMatches += len(r.Matches)
	}
	out := copyReportMeta(first)
	out.Meta.Shard = nil
	out.Checks, out.Matches, out.Warnings = make([]Check, 0, nChecks), nil, nil
	if nMatches > 0 {
		out.Matches = make([]Match, 0, nMatches)
	}
	start, end := first.Meta.Started, first.Meta.Started.Add(first.Meta.Duration)
	seenCheck := map[string]string{}
	seenWarning := map[string]bool{}
	for _, r := range reports {
		if r.Meta.Started.Before(start) {
			start = r.Meta.Started
		}
		if e := r.Meta.Started.Add(r.Meta.Duration); e.After(end) {
			end = e
		}
		played := map[string]bool{}
		for _, s := range r.Meta.Shard.Seeds {
			played[s] = true
		}
		for _, c := range r.Checks {
			if c.Seed != "" && !played[c.Seed] {
				return nil, fmt.Errorf("%w: shard %s reports check %q on seed %s, which it did not play", ErrMerge, shardName(r), c.Name, c.Seed)
			}
			if other, dup := seenCheck[c.Label()]; dup {
				return nil, fmt.Errorf("%w: check %q is reported by shards %s and %s", ErrMerge, c.Label(), other, shardName(r))
			}
			seenCheck[c.Label()] = shardName(r)
			out.Checks = append(out.Checks, c)
		}
		for _, m := range r.Matches {
			if !played[m.Seed] {
				return nil, fmt.Errorf("%w: shard %s reports a match on seed %s, which it did not play", ErrMerge, shardName(r), m.Seed)
			}
			out.Matches = append(out.Matches, m)
		}
		for _, w := range r.Warnings {
			if !seenWarning[w] {
				seenWarning[w] = true
				out.Warnings = append(out.Warnings, w)
			}
		}
		if own {
			r.Checks, r.Matches = nil, nil
		}
	}
	out.Meta.Started = start
	out.Meta.Duration = end.Sub(start)
	out.regradeMerged(cat, own)
	out.Normalize()
	return out, nil
}

// RegradedPrefix starts the warnings Merge adds for what it had to correct
// in its inputs (see Regrade).
const RegradedPrefix = "regraded: "

// regradeMerged recomputes the merged report's statuses and levels from its
// findings and the built-in catalogue, on copies of the findings (the
// inputs are not modified) unless the merge owns them, and records each
// correction as a warning.
func (r *Report) regradeMerged(cat *rules.Catalogue, own bool) {
	if !own {
		for i := range r.Checks {
			r.Checks[i].Findings = slices.Clone(r.Checks[i].Findings)
		}
	}
	for _, c := range r.Regrade(cat) {
		r.Warnings = append(r.Warnings, RegradedPrefix+c)
	}
}

func shardName(r *Report) string {
	if r.Meta.Shard == nil {
		return "(unsharded)"
	}
	return strconv.Itoa(r.Meta.Shard.K) + "/" + strconv.Itoa(r.Meta.Shard.N)
}

// maxMissingNamed is how many missing shards an error names.
const maxMissingNamed = 10

// checkShards verifies the reports are exactly shards 1..n of n.
func checkShards(reports []*Report) error {
	n := -1
	have := map[int]bool{}
	for i, r := range reports {
		s := r.Meta.Shard
		if s == nil {
			return fmt.Errorf("%w: report %d is not a shard report, but is given with %d others", ErrMerge, i+1, len(reports)-1)
		}
		if s.N < 1 || s.K < 1 || s.K > s.N {
			return fmt.Errorf("%w: report %d has an invalid shard %d/%d", ErrMerge, i+1, s.K, s.N)
		}
		if n == -1 {
			n = s.N
		}
		if s.N != n {
			return fmt.Errorf("%w: shards of different totals (%s and %s)", ErrMerge, shardName(reports[0]), shardName(r))
		}
		if have[s.K] {
			return fmt.Errorf("%w: shard %s is given twice", ErrMerge, shardName(r))
		}
		have[s.K] = true
	}
	// The shards given are distinct and within 1..n: some are missing
	// exactly when there are fewer than n. Name the first few only (n
	// comes from the file: 2^31 of them must not be listed, or counted
	// one by one).
	if lack := n - len(have); lack > 0 {
		var missing []string
		for k := 1; len(missing) < maxMissingNamed && len(missing) < lack; k++ {
			if !have[k] {
				missing = append(missing, strconv.Itoa(k)+"/"+strconv.Itoa(n))
			}
		}
		if lack > len(missing) {
			missing = append(missing, fmt.Sprintf("and %d more", lack-len(missing)))
		}
		return fmt.Errorf("%w: missing shard(s) %s; a merge of part of a run would look like the whole run", ErrMerge, strings.Join(missing, ", "))
	}
	return nil
}

// sameRun compares everything but the shard, timings and results.
func sameRun(a, b *Report) error {
	ma, mb := a.Meta, b.Meta
	switch {
	case ma.Version != mb.Version:
		return fmt.Errorf("umpire version %q vs %q", ma.Version, mb.Version)
	case ma.Kind != mb.Kind:
		return fmt.Errorf("kind %q vs %q", ma.Kind, mb.Kind)
	case !slices.Equal(ma.Games, mb.Games):
		return fmt.Errorf("games %v vs %v", ma.Games, mb.Games)
	case !slices.Equal(ma.RulesVersions, mb.RulesVersions):
		return fmt.Errorf("rules versions %v vs %v", ma.RulesVersions, mb.RulesVersions)
	case ma.Target != mb.Target:
		return fmt.Errorf("target %q vs %q", ma.Target, mb.Target)
	case !slices.Equal(ma.Seeds, mb.Seeds):
		return fmt.Errorf("seed lists differ (%d vs %d seeds)", len(ma.Seeds), len(mb.Seeds))
	case !slices.EqualFunc(a.Rules, b.Rules, rules.Rule.Equal):
		return errors.New("rule catalogues differ")
	case ma.Strict != mb.Strict:
		return fmt.Errorf("strictness differs (--strict %v vs %v)", ma.Strict, mb.Strict)
	case !slices.Equal(ma.KnownFailing, mb.KnownFailing):
		return fmt.Errorf("known-failing lists differ (%d vs %d rules): a list in one shard would excuse the findings of all", len(ma.KnownFailing), len(mb.KnownFailing))
	case !slices.Equal(ma.KnownFlaky, mb.KnownFlaky):
		return fmt.Errorf("known-flaky lists differ (%d vs %d rules)", len(ma.KnownFlaky), len(mb.KnownFlaky))
	case (ma.AB == nil) != (mb.AB == nil) || ma.AB != nil && *ma.AB != *mb.AB:
		return errors.New("A/B settings differ (baseline or SPRT)")
	}
	ca, err := json.Marshal(ma.Config)
	if err != nil {
		return err
	}
	cb, err := json.Marshal(mb.Config)
	if err != nil {
		return err
	}
	if string(ca) != string(cb) {
		return fmt.Errorf("config %s vs %s", ca, cb)
	}
	return nil
}

// checkSeeds verifies the shards' seeds partition the run's seed list.
func checkSeeds(reports []*Report) error {
	all := reports[0].Meta.Seeds
	owner := map[string]string{}
	for _, r := range reports {
		for _, s := range r.Meta.Shard.Seeds {
			if o, dup := owner[s]; dup {
				return fmt.Errorf("%w: seed %s is played by shards %s and %s", ErrMerge, s, o, shardName(r))
			}
			owner[s] = shardName(r)
		}
	}
	inRun := map[string]bool{}
	for _, s := range all {
		inRun[s] = true
		if _, ok := owner[s]; !ok {
			return fmt.Errorf("%w: seed %s of the run was played by no shard", ErrMerge, s)
		}
	}
	for s, o := range owner {
		if !inRun[s] {
			return fmt.Errorf("%w: shard %s played seed %s, which is not in the run's seed list", ErrMerge, o, s)
		}
	}
	return nil
}

// copyReport copies the report and its top-level slices.
func copyReport(r *Report) *Report {
	out := copyReportMeta(r)
	out.Checks = slices.Clone(r.Checks)
	out.Matches = slices.Clone(r.Matches)
	out.Warnings = slices.Clone(r.Warnings)
	return out
}

// copyReportMeta copies the report, its metadata's slices and its rules;
// checks, matches and warnings are shared.
func copyReportMeta(r *Report) *Report {
	out := *r
	out.Meta.Games = slices.Clone(r.Meta.Games)
	if r.Meta.AB != nil {
		ab := *r.Meta.AB
		out.Meta.AB = &ab
	}
	out.Meta.RulesVersions = slices.Clone(r.Meta.RulesVersions)
	out.Meta.Seeds = slices.Clone(r.Meta.Seeds)
	if r.Meta.Shard != nil {
		s := *r.Meta.Shard
		s.Seeds = slices.Clone(s.Seeds)
		out.Meta.Shard = &s
	}
	out.Rules = slices.Clone(r.Rules)
	return &out
}
