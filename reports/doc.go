// Package reports holds umpire's report model and its writers: JUnit XML for
// CI, JSON for machines, Markdown for pull requests and HTML for people, and
// the merge of sharded runs into one report.
//
// # The model
//
// One Report describes any run (conform, certify, verify, validate,
// selftest): its Meta (umpire version, kind, games, rules versions, target,
// the Redact-ed config, seeds, shard, start and duration), the Rules it was
// judged against (a copy of the catalogue, so a report stands alone), its
// Checks and, for runs that play matches, one Match per match with the raw
// results statistics are computed from.
//
// A Check has an ordered Status, Disabled < Skip < Pass < Fail < Error (Worst
// picks the most severe): Fail means the target departs from a rule, Error
// means umpire could not carry the check out. A skip always has a Reason.
// Findings are rules.Finding values with the transcript of the messages
// exchanged around them; a message over MaxMessageBytes (64 KiB) is kept
// as an excerpt of that size, its secrets redacted, and says so.
//
// Everything else is derived, never stored as truth: Counts, Verdict and
// ExitCode; Coverage (per rule, the checks that evaluated it and the worst
// status, the Autobahn-like matrix, over the report's rule list: New is
// given ApplicableRules(kind, catalogue), the rules a run of that kind can
// check). A rule is checked only when a check evaluated it in this run
// (Check.Evaluated, or a finding citing it); a rule a check lists in Rules
// (what it can cover) but did not evaluate is "not exercised", with why;
// CoverageFigures gives, per game, the checked MUST rules by observability
// (live, log-only, agent-only: the headline is checked / server-observable
// MUST rules of the documents; those on a reading or a pin apart). A check that reports no evaluations (Evaluated nil, e.g. an
// older report) covers what it lists ("listed"); Stats (per agent and adversary type:
// win rate with a Wilson interval, mean rank and score with Student-t
// intervals, latency percentiles and histogram, termination counts). The
// statistics functions (Wilson, MeanCI, Percentile, NewHistogram, LatencyOf)
// are exported for other uses.
//
// # A/B runs
//
// A certification against a baseline (Meta.AB) holds both agents' matches,
// Match.Side telling them apart. AB derives the pairs (one per seed, void
// when a side is missing or hit a harness error), the mean score
// difference with its interval, pair wins, draws and losses, and a
// sequential probability ratio test on the pair outcomes (RunSPRT, LLR:
// fishtest's GSPRT, trinomial model, logistic Elo; see ab.go for the model
// and its justification). Being derived from the raw matches in seed
// order, the test of a merge of shards is the test of the whole run,
// stopping at the same pair.
//
// # Verdicts and exit codes
//
// The verdict of a run, by precedence: error (any check errored: exit 3),
// fail (any check failed on a MUST finding, or failed without findings:
// exit 1), empty (nothing was checked and no match was played: exit 1, since
// a run that checked nothing must not pass CI, but named apart from a
// failing target), pass (exit 0). A failed check whose findings are all
// SHOULD or INFO is a warning: it is shown everywhere but does not fail the
// run. A passing A/B run that is not a shard exits by its test: 0 when H1
// is accepted, 1 when H0 is, and when undecided 1 (gate strict) or 0
// (gate lenient).
//
// Headline derives, from the verdict and the exit code alone, what every
// writer and the console show first: a word (PASS, FAIL, ERROR, EMPTY; for
// an A/B run whose checks pass, REGRESSION, NOT WORSE, BETTER, NOT BETTER
// or UNDECIDED), a Tone (the colour, by exit code) and Why: the reasons of
// a non-zero exit that no failing check shows (the SPRT's decision, an
// empty run, a stale known-failing entry), listed with the failures so
// that no report reads "no failures" while the run fails. A failed check
// whose MUST findings the known-failing list excuses is KnownFailing, not
// a warning; KnownFailures gives, per listed rule, its reason and the
// findings and checks it excused, and every writer shows them with the
// same counts (JUnit as skipped cases of type known-failing).
//
// # Writers
//
// WriteJUnit (one test case per rule; JUnit{Cases: JUnitByCheck} writes one
// per check), WriteJSON, WriteMarkdown (or Markdown{MaxRows}.Write) and
// WriteHTML each take an io.Writer. Reports that fail list their failures
// before the coverage matrix, and every writer renders a finding's expected
// and got with rules.ValueText (JSON, never a Go byte slice). Text that came from a player, an agent
// or a target (names, table talk, stderr, transcript bodies) is escaped by
// every writer; the HTML page is self-contained (embedded CSS, a small
// script, charts drawn as inline SVG in Go) and loads nothing from the
// network. Its match viewer (viewer.go) steps through each finding's
// transcript with the table as the seat saw it (an Inference visible_state,
// a BangArena PlayerView), the message, and the referee's expectation at
// the finding's step. The JSON form is versioned ("schema":
// "umpire-report/1") and read back by ReadJSON.
//
// # Shards
//
// A sharded run writes one report per shard (Meta.Shard holds k, n and the
// seeds it played; Meta.Seeds holds the whole run's seeds). Merge joins the
// shard reports into the report an unsharded run of the same seeds would
// have written, modulo timings, and refuses shards that do not make up
// exactly one run: see Merge for the list. MergeOwned is Merge taking the
// shard reports over (umpire report merge reads them for the merge alone):
// their findings are regraded in place, so each is held once. Reading a
// report (ReadJSON) and writing one (WriteJSON) stream its checks and
// matches one at a time, and its statistics hold one copy of its
// latencies: report merge peaks within about three times the bytes it
// reads (1.2 to 2.7 times on reports of 235 to 250 MiB).
package reports
