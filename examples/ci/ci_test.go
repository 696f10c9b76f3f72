package ci

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-arena/umpire/harness/shard"
	"github.com/umpire-arena/umpire/reports"
)

const (
	githubFile = "github-actions-certify.yml"
	k8sFile    = "k8s-indexed-job.yaml"
)

// The flags of the command-line contract for the subcommands the examples
// run. A flag outside these lists is a mistake in an example.
var contractFlags = map[string][]string{
	"certify":      {"game", "agent", "agent-connect", "agent-url", "matches", "seed", "seats", "rounds", "deadline", "adversaries", "shard", "report-dir"},
	"report merge": {"junit", "json", "html", "md", "format"},
}

type workflow struct {
	Env  map[string]string `yaml:"env"`
	Jobs map[string]struct {
		Needs    any    `yaml:"needs"`
		If       string `yaml:"if"`
		Strategy struct {
			FailFast *bool `yaml:"fail-fast"`
			Matrix   struct {
				Shard []int `yaml:"shard"`
			} `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []struct {
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			If   string            `yaml:"if"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func readWorkflow(t *testing.T) workflow {
	t.Helper()
	b, err := os.ReadFile(githubFile)
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", githubFile, err)
	}
	return w
}

type k8sObject struct {
	Kind     string `yaml:"kind"`
	Metadata struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    *int   `yaml:"completions"`
		Parallelism    *int   `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name    string   `yaml:"name"`
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name string `yaml:"name"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readK8s(t *testing.T) map[string]k8sObject {
	t.Helper()
	f, err := os.Open(k8sFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	objs := map[string]k8sObject{}
	for {
		var o k8sObject
		err := dec.Decode(&o)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", k8sFile, err)
		}
		objs[o.Kind+"/"+o.Metadata.Name] = o
	}
	return objs
}

// script returns the shell script a container runs (sh -c SCRIPT).
func containerScript(t *testing.T, o k8sObject) string {
	t.Helper()
	cs := o.Spec.Template.Spec.Containers
	if len(cs) != 1 || !slices.Equal(cs[0].Command, []string{"/bin/sh", "-c"}) || len(cs[0].Args) != 1 {
		t.Fatalf("%s: want one container running /bin/sh -c SCRIPT, have %+v", o.Metadata.Name, cs)
	}
	return cs[0].Args[0]
}

var shardOfN = regexp.MustCompile(`--shard (\S+)/(\d+)`)

func TestGitHubWorkflow(t *testing.T) {
	w := readWorkflow(t)
	certify, ok := w.Jobs["certify"]
	if !ok {
		t.Fatal("no certify job")
	}
	if got := certify.Strategy.Matrix.Shard; !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Fatalf("matrix.shard = %v, want [1 2 3 4]", got)
	}
	if ff := certify.Strategy.FailFast; ff == nil || *ff {
		t.Error("fail-fast must be false: the merge needs every shard")
	}
	var certifyRun string
	uploads := 0
	for _, s := range certify.Steps {
		if strings.Contains(s.Run, "umpire certify") {
			certifyRun = s.Run
		}
		if strings.HasPrefix(s.Uses, "actions/upload-artifact@") {
			uploads++
			if !strings.Contains(s.With["name"], "${{ matrix.shard }}") || s.If == "" {
				t.Errorf("shard upload must be named per shard and run even after a failure: %+v", s)
			}
		}
	}
	if !strings.Contains(certifyRun, "--shard ${{ matrix.shard }}/") {
		t.Fatalf("certify step does not pass --shard ${{ matrix.shard }}/n:\n%s", certifyRun)
	}
	if n := len(certify.Strategy.Matrix.Shard); !strings.Contains(certifyRun, "}}/"+strconv.Itoa(n)) {
		t.Errorf("--shard total differs from the matrix size %d", n)
	}
	if uploads != 1 {
		t.Errorf("%d upload steps in certify, want 1", uploads)
	}
	merge, ok := w.Jobs["merge"]
	if !ok {
		t.Fatal("no merge job")
	}
	if fmt.Sprint(merge.Needs) != "certify" || !strings.Contains(merge.If, "cancelled()") {
		t.Errorf("merge job must need certify and run after failed shards: needs %v, if %q", merge.Needs, merge.If)
	}
	var mergeRun string
	downloads := 0
	for _, s := range merge.Steps {
		if strings.Contains(s.Run, "umpire report merge") {
			mergeRun = s.Run
		}
		if strings.HasPrefix(s.Uses, "actions/download-artifact@") {
			downloads++
		}
	}
	for _, want := range []string{"--junit", "--html", "GITHUB_STEP_SUMMARY"} {
		if !strings.Contains(mergeRun, want) {
			t.Errorf("merge step lacks %s:\n%s", want, mergeRun)
		}
	}
	if downloads != 1 {
		t.Errorf("%d download steps in merge, want 1", downloads)
	}
}

func TestK8sIndexedJob(t *testing.T) {
	objs := readK8s(t)
	job, ok := objs["Job/umpire-certify"]
	if !ok {
		t.Fatalf("no Job umpire-certify in %v", slices.Sorted(mapKeys(objs)))
	}
	if job.Spec.CompletionMode != "Indexed" {
		t.Errorf("completionMode = %q, want Indexed", job.Spec.CompletionMode)
	}
	if job.Spec.Completions == nil || job.Spec.Parallelism == nil {
		t.Fatal("completions and parallelism must be set")
	}
	if job.Spec.Template.Spec.RestartPolicy != "Never" {
		t.Errorf("restartPolicy = %q, want Never", job.Spec.Template.Spec.RestartPolicy)
	}
	sc := containerScript(t, job)
	m := shardOfN.FindStringSubmatch(sc)
	if m == nil || m[1] != "$((JOB_COMPLETION_INDEX+1))" {
		t.Fatalf("certify pod does not pass --shard $((JOB_COMPLETION_INDEX+1))/n:\n%s", sc)
	}
	if n, _ := strconv.Atoi(m[2]); n != *job.Spec.Completions {
		t.Errorf("--shard total %d differs from completions %d", n, *job.Spec.Completions)
	}
	if *job.Spec.Parallelism < 1 || *job.Spec.Parallelism > *job.Spec.Completions {
		t.Errorf("parallelism %d out of 1..%d", *job.Spec.Parallelism, *job.Spec.Completions)
	}
	mergeJob, ok := objs["Job/umpire-merge"]
	if !ok {
		t.Fatal("no Job umpire-merge")
	}
	ms := containerScript(t, mergeJob)
	for _, want := range []string{"umpire report merge", "--junit", "--html"} {
		if !strings.Contains(ms, want) {
			t.Errorf("merge job lacks %q", want)
		}
	}
	if _, ok := objs["PersistentVolumeClaim/umpire-reports"]; !ok {
		t.Error("no shared volume claim")
	}
	for _, o := range []k8sObject{job, mergeJob} {
		c := o.Spec.Template.Spec.Containers[0]
		if len(c.VolumeMounts) != 1 || len(o.Spec.Template.Spec.Volumes) != 1 || c.VolumeMounts[0].Name != o.Spec.Template.Spec.Volumes[0].Name {
			t.Errorf("%s: the reports volume is not mounted", o.Metadata.Name)
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// umpireCommands returns every umpire command line in a shell script, with
// continuation lines joined, split into words (quotes honoured, GitHub
// expressions kept as one word).
func umpireCommands(script string) [][]string {
	script = strings.ReplaceAll(script, "\\\n", " ")
	var out [][]string
	for _, line := range strings.Split(script, "\n") {
		words := shellWords(line)
		for i, w := range words {
			if w == "umpire" {
				cmd := words[i:]
				for j, x := range cmd {
					if x == ">>" || x == ">" || x == "|" || x == "&&" || x == ";" {
						cmd = cmd[:j]
						break
					}
				}
				out = append(out, cmd)
				break
			}
		}
	}
	return out
}

func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	in, quote, depth := false, rune(0), 0
	flush := func() {
		if in {
			words = append(words, cur.String())
		}
		cur.Reset()
		in = false
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == '$' && i+2 < len(rs) && rs[i+1] == '{' && rs[i+2] == '{':
			depth++
			cur.WriteString("${{")
			i += 2
			in = true
		case depth > 0 && r == '}' && i+1 < len(rs) && rs[i+1] == '}':
			depth--
			cur.WriteString("}}")
			i++
		case r == '#' && !in && depth == 0:
			flush()
			return words
		case (r == ' ' || r == '\t') && depth == 0:
			flush()
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	flush()
	return words
}

// TestUmpireCommandsUseRealFlags checks every umpire invocation in both
// examples against the command-line contract.
func TestUmpireCommandsUseRealFlags(t *testing.T) {
	var scripts []string
	w := readWorkflow(t)
	for _, j := range w.Jobs {
		for _, s := range j.Steps {
			scripts = append(scripts, s.Run)
		}
	}
	for _, o := range readK8s(t) {
		for _, c := range o.Spec.Template.Spec.Containers {
			scripts = append(scripts, c.Args...)
		}
	}
	seen := map[string]int{}
	for _, sc := range scripts {
		for _, cmd := range umpireCommands(sc) {
			if len(cmd) < 2 {
				t.Errorf("bare umpire command %q", cmd)
				continue
			}
			sub := cmd[1]
			args := cmd[2:]
			if sub == "report" && len(cmd) > 2 {
				sub, args = "report "+cmd[2], cmd[3:]
			}
			allowed, ok := contractFlags[sub]
			if !ok {
				t.Errorf("umpire %s is not a subcommand the examples may use", sub)
				continue
			}
			seen[sub]++
			flags := map[string]string{}
			for i := 0; i < len(args); i++ {
				a := args[i]
				if !strings.HasPrefix(a, "-") || a == "-" {
					continue
				}
				name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
				if !slices.Contains(allowed, name) {
					t.Errorf("umpire %s: unknown flag %s", sub, a)
				}
				if !hasVal && i+1 < len(args) {
					i++
					val = args[i]
				}
				flags[name] = val
			}
			switch sub {
			case "certify":
				for _, need := range []string{"game", "shard", "report-dir", "seed"} {
					if _, ok := flags[need]; !ok {
						t.Errorf("umpire certify without --%s: %q", need, cmd)
					}
				}
				// Every value the shard flag takes must parse as k/n.
				for k := 1; k <= 4; k++ {
					v := strings.NewReplacer("${{ matrix.shard }}", strconv.Itoa(k), "$((JOB_COMPLETION_INDEX+1))", strconv.Itoa(k)).Replace(flags["shard"])
					if _, err := shard.Parse(v); err != nil {
						t.Errorf("--shard %s (k=%d): %v", flags["shard"], k, err)
					}
				}
			case "report merge":
				if flags["junit"] == "" || flags["html"] == "" {
					t.Errorf("umpire report merge without --junit and --html: %q", cmd)
				}
			}
		}
	}
	if seen["certify"] != 2 || seen["report merge"] != 2 {
		t.Errorf("found %v umpire commands, want certify and report merge in each example", seen)
	}
}

// TestShellWords guards the parser the flag check relies on.
func TestShellWords(t *testing.T) {
	tests := []struct {
		name, line string
		want       []string
	}{
		{"plain", "umpire certify --game inference", []string{"umpire", "certify", "--game", "inference"}},
		{"quotes", `--agent './bin/my agent' --seed "$S"`, []string{"--agent", "./bin/my agent", "--seed", "$S"}},
		{"github expression", "--shard ${{ matrix.shard }}/4 x", []string{"--shard", "${{ matrix.shard }}/4", "x"}},
		{"comment", "make agent # build it", []string{"make", "agent"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := shellWords(tc.line); !slices.Equal(got, tc.want) {
				t.Fatalf("shellWords(%q) = %q, want %q", tc.line, got, tc.want)
			}
		})
	}
}

// TestHelperCertify is not a test: run as a subprocess with
// UMPIRE_FAKE_CERTIFY=1, it stands in for "umpire certify" (which plays
// real matches elsewhere) and writes report.json into --report-dir for
// exactly the seeds --shard selects. Its flag set is the contract's, so an
// example passing an unknown flag fails here too.
func TestHelperCertify(t *testing.T) {
	if os.Getenv("UMPIRE_FAKE_CERTIFY") != "1" {
		t.Skip("helper process")
	}
	fs := flag.NewFlagSet("certify", flag.ContinueOnError)
	vals := map[string]*string{}
	for _, f := range contractFlags["certify"] {
		vals[f] = fs.String(f, "", "")
	}
	if err := fs.Parse(flag.Args()); err != nil {
		os.Exit(2)
	}
	sh, err := shard.Parse(*vals["shard"])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	n, err := strconv.Atoi(*vals["matches"])
	if err != nil {
		os.Exit(2)
	}
	var seeds []string
	for i := range n {
		seeds = append(seeds, fmt.Sprintf("%s-%d", *vals["seed"], i))
	}
	play, _ := shard.Select(seeds, sh.K, sh.N)
	r := reports.New(reports.Meta{Version: "example", Kind: reports.KindCertify, Games: []string{*vals["game"]},
		RulesVersions: []string{"inference-0.4"}, Target: *vals["agent"], Seeds: seeds,
		Shard: &reports.Shard{K: sh.K, N: sh.N, Seeds: play}, Started: time.Unix(0, 0).UTC()}, nil)
	for _, s := range play {
		r.Checks = append(r.Checks, reports.Check{Name: "moves are legal", Seed: s, Status: reports.Pass})
		r.Matches = append(r.Matches, reports.Match{Seed: s, Agent: *vals["agent"], Adversary: "random", Rank: 2, Seats: 6, Termination: reports.TermOK})
	}
	if err := os.MkdirAll(*vals["report-dir"], 0o755); err != nil {
		os.Exit(3)
	}
	var b bytes.Buffer
	if err := reports.WriteJSON(&b, r); err != nil {
		os.Exit(3)
	}
	if err := os.WriteFile(filepath.Join(*vals["report-dir"], "report.json"), b.Bytes(), 0o644); err != nil {
		os.Exit(3)
	}
	os.Exit(0)
}

// realUmpire is the umpire binary built once for this test binary's run.
var realUmpire struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// TestMain removes the binary built for the local runs.
func TestMain(m *testing.M) {
	code := m.Run()
	if realUmpire.dir != "" {
		os.RemoveAll(realUmpire.dir)
	}
	os.Exit(code)
}

// fakeUmpire builds the real umpire binary (once) and a wrapper "umpire" on
// a fresh PATH directory that sends certify to TestHelperCertify and every
// other subcommand to the real binary.
func fakeUmpire(t *testing.T) (binDir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the umpire binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("runs POSIX shell scripts")
	}
	realUmpire.once.Do(func() {
		realUmpire.dir, realUmpire.err = os.MkdirTemp("", "umpire-ci-test-")
		if realUmpire.err != nil {
			return
		}
		realUmpire.path = filepath.Join(realUmpire.dir, "umpire-real")
		build := exec.Command("go", "build", "-o", realUmpire.path, "github.com/umpire-arena/umpire/cmd/umpire")
		realUmpire.out, realUmpire.err = build.CombinedOutput()
	})
	if realUmpire.err != nil {
		t.Fatalf("go build cmd/umpire: %v\n%s", realUmpire.err, realUmpire.out)
	}
	binDir = t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := fmt.Sprintf("#!/bin/sh\nif [ \"$1\" = certify ]; then shift; UMPIRE_FAKE_CERTIFY=1 exec %q -test.run='^TestHelperCertify$' -- \"$@\"; fi\nexec %q \"$@\"\n", self, realUmpire.path)
	if err := os.WriteFile(filepath.Join(binDir, "umpire"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	return binDir
}

func runScript(t *testing.T, shell, dir, script string, env ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(shell, "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		t.Fatalf("%s: %v", shell, err)
	}
	return 0, string(out)
}

// TestGitHubWorkflowRunsLocally plays the workflow's shell steps: each
// matrix shard's certify step, the artifact upload/download as copies, and
// the merge step with the real umpire binary.
func TestGitHubWorkflowRunsLocally(t *testing.T) {
	bin := fakeUmpire(t)
	w := readWorkflow(t)
	work := t.TempDir()
	path := "PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")
	env := []string{path, "UMPIRE_SEED=abc123", "UMPIRE_MATCHES=" + w.Env["UMPIRE_MATCHES"]}
	certify := w.Jobs["certify"]
	for _, k := range certify.Strategy.Matrix.Shard {
		expand := strings.NewReplacer("${{ matrix.shard }}", strconv.Itoa(k)).Replace
		for _, s := range certify.Steps {
			if !strings.Contains(s.Run, "umpire certify") {
				continue
			}
			if code, out := runScript(t, "bash", work, "set -eo pipefail\n"+expand(s.Run), env...); code != 0 {
				t.Fatalf("shard %d certify step: exit %d\n%s", k, code, out)
			}
			if s.Name == "" {
				t.Error("unnamed step")
			}
		}
		for _, s := range certify.Steps {
			if strings.HasPrefix(s.Uses, "actions/upload-artifact@") {
				// download-artifact with a pattern puts each artifact in its own directory.
				from := filepath.Join(work, strings.TrimSuffix(expand(s.With["path"]), "/"))
				to := filepath.Join(work, "shards", expand(s.With["name"]))
				copyDir(t, from, to)
			}
		}
	}
	summary := filepath.Join(work, "step-summary.md")
	for _, s := range w.Jobs["merge"].Steps {
		if !strings.Contains(s.Run, "umpire report merge") {
			continue
		}
		code, out := runScript(t, "bash", work, "set -eo pipefail\n"+s.Run, append(env, "GITHUB_STEP_SUMMARY="+summary)...)
		if code != 0 {
			t.Fatalf("merge step: exit %d\n%s", code, out)
		}
		if !strings.Contains(out, "4 shard report(s), 200 seeds") {
			t.Errorf("merge step printed:\n%s", out)
		}
	}
	md, err := os.ReadFile(summary)
	if err != nil || !strings.Contains(string(md), "✅ PASS") {
		t.Fatalf("step summary: %v\n%s", err, md)
	}
	for _, f := range []string{"junit.xml", "report.html", "report.json"} {
		if _, err := os.Stat(filepath.Join(work, "umpire-report", f)); err != nil {
			t.Errorf("merge did not write %s: %v", f, err)
		}
	}
}

// TestK8sJobRunsLocally plays the Indexed Job: one pod script per
// JOB_COMPLETION_INDEX, the shared volume as a temporary directory, then the
// merge Job's script.
func TestK8sJobRunsLocally(t *testing.T) {
	bin := fakeUmpire(t)
	objs := readK8s(t)
	job, merge := objs["Job/umpire-certify"], objs["Job/umpire-merge"]
	volume := t.TempDir()
	mount := job.Spec.Template.Spec.Containers[0].VolumeMounts[0].MountPath
	toLocal := strings.NewReplacer(mount+"/", volume+"/", mount+"\"", volume+"\"").Replace
	envOf := func(o k8sObject) []string {
		out := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
		for _, e := range o.Spec.Template.Spec.Containers[0].Env {
			out = append(out, e.Name+"="+e.Value)
		}
		return out
	}
	for i := range *job.Spec.Completions {
		code, out := runScript(t, "sh", volume, toLocal(containerScript(t, job)), append(envOf(job), "JOB_COMPLETION_INDEX="+strconv.Itoa(i))...)
		if code != 0 {
			t.Fatalf("pod %d: exit %d\n%s", i, code, out)
		}
	}
	code, out := runScript(t, "sh", volume, toLocal(containerScript(t, merge)), envOf(merge)...)
	if code != 0 {
		t.Fatalf("merge job: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "4 shard report(s), 200 seeds") {
		t.Errorf("merge printed:\n%s", out)
	}
	matches, _ := filepath.Glob(filepath.Join(volume, "*", "merged", "*"))
	if len(matches) != 4 {
		t.Errorf("merged outputs %v, want junit, html, json and md", matches)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
