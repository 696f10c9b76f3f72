// Package reports holds umpire's report model and its writers: JUnit XML for
// CI, JSON for machines, Markdown for pull requests and HTML for people, and
// the merge of sharded runs into one report.
package reports
