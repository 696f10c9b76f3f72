package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// cmdReport runs "umpire report SUBCOMMAND".
func cmdReport(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(e.stderr, "Usage: umpire report merge SHARD.json|DIR... [--junit F] [--json F] [--html F] [--md F] [--format text|json]")
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	switch args[0] {
	case "merge":
		return cmdReportMerge(ctx, e, args[1:])
	}
	fmt.Fprintf(e.stderr, "umpire report: unknown subcommand %q (want merge)\n", args[0])
	return exitUsage
}

// mergeGCPercent is the collector's setting while report merge runs.
const mergeGCPercent = 25

// mergeConfig is the configuration of "umpire report merge".
type mergeConfig struct {
	inputs                []string
	junit, json, html, md string
	dir                   string
	format                string
}

// cmdReportMerge joins shard reports into one report of the whole run and
// writes the requested formats. Exit code: the merged report's (0 pass,
// 1 fail or empty, 3 error); 2 for usage errors; 3 when a shard report cannot
// be read, is not a valid report, or the shards do not form one whole run.
func cmdReportMerge(_ context.Context, e *env, args []string) int {
	var c mergeConfig
	fs := newFlagSet(e, "report merge", "SHARD.json|DIR... [--junit F] [--json F] [--html F] [--md F]")
	fs.StringVar(&c.junit, "junit", "", "write the merged report as JUnit XML to `FILE` (- for stdout)")
	fs.StringVar(&c.json, "json", "", "write the merged report as JSON to `FILE` (- for stdout)")
	fs.StringVar(&c.html, "html", "", "write the merged report as one HTML page to `FILE` (- for stdout)")
	fs.StringVar(&c.md, "md", "", "write a Markdown summary to `FILE` (- for stdout; e.g. $GITHUB_STEP_SUMMARY)")
	fs.StringVar(&c.dir, "report-dir", "", "write the merged report in every format into this directory")
	fs.StringVar(&c.format, "format", "text", "summary format: text or json")
	var basis basisFlags
	addStrictFlag(fs, &basis)
	// Flags may come before, between or after the files.
	rest := args
	for {
		if code, ok := parseFlags(fs, rest); !ok {
			return code
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		c.inputs = append(c.inputs, rest[0])
		rest = rest[1:]
	}
	if !checkFormat(e, c.format) {
		return exitUsage
	}
	if len(c.inputs) == 0 {
		fmt.Fprintln(e.stderr, "umpire report merge: give the shard reports (JSON files written with --json or --report-dir, or directories holding them)")
		fs.Usage()
		return exitUsage
	}
	// A merge holds what it read until it has written: the collector runs
	// at a quarter of the live heap past it instead of a whole one, so the
	// peak stays near what the reports hold (about twice their bytes on
	// disk) rather than twice that. GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(mergeGCPercent))
	}
	files, err := expandInputs(c.inputs)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire report merge: %v\n", err)
		return exitError
	}
	// The shards together are held to what one report may be
	// (MaxReportBytes): memory stays bounded whatever the number or size
	// of the inputs.
	var shards []*reports.Report
	budget := int64(reports.MaxReportBytes)
	for _, f := range files {
		r, n, err := readReportFile(f, budget)
		if err != nil {
			if errors.Is(err, reports.ErrTooLarge) && len(shards) > 0 {
				err = fmt.Errorf("%w; the shard reports together may hold at most %d bytes (what one report may be: memory stays bounded whatever the number of shards)", err, reports.MaxReportBytes)
			}
			fmt.Fprintf(e.stderr, "umpire report merge: %s: %s\n", inert.String(f), inert.String(err.Error()))
			return exitError
		}
		budget -= n
		shards = append(shards, r)
	}
	// The shards are read for the merge alone: it takes them over, so
	// their findings are held once, not copied.
	merged, err := reports.MergeOwned(rules.Default(), shards...)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire report merge: %v\n", err)
		return exitError
	}
	for _, w := range merged.Warnings {
		if strings.HasPrefix(w, reports.RegradedPrefix) {
			fmt.Fprintf(e.stderr, "umpire report merge: %s\n", inert.String(w))
		}
	}
	if basis.strict && !merged.Meta.Strict {
		merged.Meta.Strict = true
		merged.Normalize()
	}

	outputs := []struct {
		path  string
		write reports.WriteFunc
	}{
		{c.junit, reports.WriteJUnit},
		{c.json, reports.WriteJSON},
		{c.html, reports.WriteHTML},
		{c.md, reports.WriteMarkdown},
	}
	summaryTo := e.stdout
	var wrote []string
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if o.path == "-" {
			summaryTo = e.stderr // keep stdout for the report itself
			if err := o.write(e.stdout, merged); err != nil {
				fmt.Fprintf(e.stderr, "umpire report merge: %v\n", err)
				return exitError
			}
			continue
		}
		if err := reports.WriteFile(o.path, merged, o.write); err != nil {
			fmt.Fprintf(e.stderr, "umpire report merge: %v\n", err)
			return exitError
		}
		wrote = append(wrote, o.path)
	}
	if c.dir != "" {
		paths, err := reports.WriteDir(c.dir, merged)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire report merge: %v\n", err)
			return exitError
		}
		wrote = append(wrote, paths...)
	}

	sum := merged.Summary()
	if c.format == "json" {
		enc := json.NewEncoder(inertJSON(summaryTo))
		out := struct {
			reports.Summary
			Shards  int      `json:"shards"`
			Seeds   int      `json:"seeds"`
			Matches int      `json:"matches"`
			Wrote   []string `json:"wrote"`
		}{sum, len(shards), len(merged.Meta.Seeds), len(merged.Matches), wrote}
		if out.Wrote == nil {
			out.Wrote = []string{}
		}
		if err := enc.Encode(out); err != nil {
			return exitError
		}
		return merged.ExitCode()
	}
	ct := sum.Counts
	fmt.Fprintf(summaryTo, "umpire report merge: %d shard report(s), %d seeds, %d checks, %d matches\n", len(shards), len(merged.Meta.Seeds), ct.Total, len(merged.Matches))
	fmt.Fprintf(summaryTo, "verdict %s: %s, %d disabled\n", sum.Headline, ct.Text(), ct.Disabled)
	writeHeadlineDetail(summaryTo, sum)
	if ab := merged.AB(); ab != nil {
		o := ab.Overall
		fmt.Fprintf(summaryTo, "A/B: %d pairs (%d void), W/D/L %d/%d/%d, mean score difference %s, Elo %s; %s\n",
			o.Pairs, o.Void, o.Wins, o.Draws, o.Losses, reports.SignedInterval(o.MeanDiff, 2, "[", ", ", "]"), reports.SignedInterval(o.Elo, 0, "[", ", ", "]"), ab.Spec.Hypotheses())
		fmt.Fprintf(summaryTo, "SPRT: %s\n", o.SPRT.DecisionText())
	}
	for _, w := range wrote {
		fmt.Fprintf(summaryTo, "wrote %s\n", w)
	}
	return merged.ExitCode()
}

// expandInputs replaces each directory by the *.json files directly inside
// it, sorted by name; each must be a regular file (a FIFO named x.json in
// a directory received from elsewhere would wait forever, a link could
// lead anywhere). A file named on the command line is read as it is (a
// pipe such as /dev/stdin included).
func expandInputs(inputs []string) ([]string, error) {
	var files []string
	for _, in := range inputs {
		fi, err := os.Stat(in)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, in)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(in, "*.json"))
		if err != nil {
			return nil, err
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("directory %s holds no .json report", in)
		}
		sort.Strings(matches)
		for _, m := range matches {
			st, err := os.Lstat(m)
			if err != nil {
				return nil, err
			}
			if !st.Mode().IsRegular() {
				return nil, fmt.Errorf("%s is not a regular file", inert.String(m))
			}
		}
		files = append(files, matches...)
	}
	return files, nil
}

// readReportFile reads one shard report of at most budget bytes and says
// how many it read; a regular file larger than that is refused before it
// is read.
func readReportFile(path string, budget int64) (*reports.Report, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > budget {
		return nil, 0, fmt.Errorf("%w: %w of %d bytes (it has %d)", reports.ErrInvalid, reports.ErrTooLarge, max(budget, 0), st.Size())
	}
	return reports.ReadJSONWithin(f, budget)
}
