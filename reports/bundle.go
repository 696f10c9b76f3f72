package reports

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// BundleSchema names the version of a certification bundle's manifest.
const BundleSchema = "umpire-bundle/1"

// Files of a bundle besides the four reports of WriteDir.
const (
	// FileManifest lists every other file of the bundle with its digest.
	FileManifest = "MANIFEST.json"
	// FileTranscripts holds every finding's exchanged messages, one JSON
	// object per line.
	FileTranscripts = "transcripts.jsonl"
	// FileRun holds what the run was: umpire and rules versions, seeds,
	// the redacted configuration, grading.
	FileRun = "run.json"
)

// MaxBundleReport bounds the report.json a bundle check reads.
const MaxBundleReport = 256 << 20

// Manifest is a bundle's table of contents: every file with its SHA-256,
// and the verdict the report leads to, so a reviewer can check both that
// nothing was changed and that the verdict follows from the findings.
type Manifest struct {
	Schema        string         `json:"schema"`
	Created       time.Time      `json:"created"`
	Version       string         `json:"umpire_version"`
	Kind          Kind           `json:"kind"`
	Games         []string       `json:"games"`
	RulesVersions []string       `json:"rules_versions"`
	Verdict       Verdict        `json:"verdict"`
	ExitCode      int            `json:"exit_code"`
	Files         []BundleFile   `json:"files"`
	Counts        map[string]int `json:"findings"`
}

// BundleFile is one file of a bundle.
type BundleFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// bundleRun is the content of FileRun.
type bundleRun struct {
	Version       string         `json:"umpire_version"`
	Kind          Kind           `json:"kind"`
	Games         []string       `json:"games"`
	RulesVersions []string       `json:"rules_versions"`
	Target        string         `json:"target,omitempty"`
	Config        map[string]any `json:"config,omitempty"`
	Seeds         []string       `json:"seeds,omitempty"`
	Strict        bool           `json:"strict,omitempty"`
	KnownFailing  []Known        `json:"known_failing,omitempty"`
	KnownFlaky    []Known        `json:"known_flaky,omitempty"`
}

// transcriptLine is one line of FileTranscripts.
type transcriptLine struct {
	Check      string    `json:"check"`
	Seed       string    `json:"seed,omitempty"`
	Rule       string    `json:"rule"`
	Level      string    `json:"level"`
	Transcript []Message `json:"transcript"`
}

// WriteBundle writes a certification bundle of r into dir (OpenDir, then
// Dir.WriteBundle).
func WriteBundle(dir string, r *Report) (Manifest, error) {
	d, err := OpenDir(dir)
	if err != nil {
		return Manifest{}, err
	}
	defer d.Close()
	return d.WriteBundle(r)
}

// WriteBundle writes a certification bundle of r into the directory: the
// four reports, the run's description, the transcripts, and a manifest of
// digests written last, every file through the directory's root (no link
// followed, nothing written outside). The files of an earlier bundle are
// replaced (its signature removed; SignBundle writes a new one). Entries a
// bundle does not write would make BundleCheck fail: those already there
// when the directory was opened are refused at once, those that appeared
// since (dropped in while the run played) are named in an error wrapping
// ErrForeign after the bundle is written, so the run says why its bundle
// will not verify.
func (d *Dir) WriteBundle(r *Report) (Manifest, error) {
	if f := d.Foreign(); len(f) > 0 {
		return Manifest{}, fmt.Errorf("%w: %s held %s before the run; give an empty or new directory", ErrForeign, d.path, strings.Join(f, ", "))
	}
	if err := d.root.Remove(FileSignature); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Manifest{}, fmt.Errorf("reports: %w", err)
	}
	r.Normalize()
	if _, err := d.WriteReports(r); err != nil {
		return Manifest{}, err
	}
	run := bundleRun{Version: r.Meta.Version, Kind: r.Meta.Kind, Games: r.Meta.Games, RulesVersions: r.Meta.RulesVersions,
		Target: r.Meta.Target, Config: r.Meta.Config, Seeds: r.Meta.Seeds, Strict: r.Meta.Strict,
		KnownFailing: r.Meta.KnownFailing, KnownFlaky: r.Meta.KnownFlaky}
	if err := d.writeJSON(FileRun, run); err != nil {
		return Manifest{}, err
	}
	if err := d.write(FileTranscripts, func(w io.Writer) error { return writeTranscripts(w, r) }); err != nil {
		return Manifest{}, err
	}
	sum := r.Summary()
	m := Manifest{Schema: BundleSchema, Created: time.Now().UTC(), Version: r.Meta.Version, Kind: r.Meta.Kind,
		Games: r.Meta.Games, RulesVersions: r.Meta.RulesVersions, Verdict: sum.Verdict, ExitCode: sum.ExitCode,
		Counts: map[string]int{}}
	for l, n := range sum.Counts.Findings {
		m.Counts[string(l)] = n
	}
	for _, name := range []string{FileJSON, FileJUnit, FileHTML, FileMarkdown, FileRun, FileTranscripts} {
		f, err := d.digest(name)
		if err != nil {
			return Manifest{}, err
		}
		f.Path = name
		m.Files = append(m.Files, f)
	}
	if err := d.writeJSON(FileManifest, m); err != nil {
		return m, err
	}
	extra, err := d.foreign()
	if err != nil {
		return m, err
	}
	if len(extra) > 0 {
		return m, fmt.Errorf("%w: %s appeared in %s during the run; the bundle will not verify with them (remove them, or run again into a new directory)", ErrForeign, strings.Join(extra, ", "), d.path)
	}
	return m, nil
}

// writeJSON writes v, indented and through the escaper, as the file name
// of the directory.
func (d *Dir) writeJSON(name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return d.write(name, func(w io.Writer) error {
		_, err := w.Write(append(inert.JSON(b), '\n'))
		return err
	})
}

// digest hashes the file name of the directory, streaming it.
func (d *Dir) digest(name string) (BundleFile, error) {
	f, err := d.open(name)
	if err != nil {
		return BundleFile{}, fmt.Errorf("reports: %w", err)
	}
	defer f.Close()
	return digestOf(f, name)
}

func writeTranscripts(w io.Writer, r *Report) error {
	// Through the escaper, as every JSON the package writes.
	enc := json.NewEncoder(inert.NewWriter(w, inert.JSONMode))
	enc.SetEscapeHTML(false)
	for _, c := range r.Checks {
		for _, f := range c.Findings {
			if len(f.Transcript) == 0 {
				continue
			}
			if err := enc.Encode(transcriptLine{Check: c.Name, Seed: c.Seed, Rule: f.Rule, Level: string(f.Level), Transcript: f.Transcript}); err != nil {
				return fmt.Errorf("reports: writing transcripts: %w", err)
			}
		}
	}
	return nil
}

func writeJSONFile(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return WriteFile(path, nil, func(w io.Writer, _ *Report) error {
		_, err := w.Write(append(inert.JSON(b), '\n'))
		return err
	})
}

// digest hashes one file of a bundle, streaming it.
func digest(path string) (BundleFile, error) {
	f, err := openRegular(path)
	if err != nil {
		return BundleFile{}, fmt.Errorf("reports: %w", err)
	}
	defer f.Close()
	return digestOf(f, path)
}

func digestOf(f io.Reader, name string) (BundleFile, error) {
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return BundleFile{}, fmt.Errorf("reports: reading %s: %w", name, err)
	}
	return BundleFile{SHA256: hex.EncodeToString(h.Sum(nil)), Bytes: n}, nil
}

// ErrBundle is wrapped by the errors of BundleCheck for a bundle that
// cannot be read at all (no manifest, unreadable files).
var ErrBundle = errors.New("reports: unreadable bundle")

// BundleCheck re-checks a bundle: every file the manifest lists has its
// digest and size, no other file is present, report.json is a valid report,
// its verdict and exit code (recomputed from its checks and findings) are
// the manifest's, and its run description matches run.json. It returns the
// problems found (none for an intact bundle) and the manifest's SHA-256,
// which a reviewer can pin; err is set when the bundle cannot be read.
func BundleCheck(dir string) (problems []string, manifestSHA string, err error) {
	res, err := VerifyBundle(dir)
	return res.Problems, res.ManifestSHA, err
}

// BundleResult is what VerifyBundle found.
type BundleResult struct {
	// Problems are the differences found; none for an intact bundle.
	Problems []string
	// ManifestSHA is the SHA-256 of the manifest, for a reviewer to pin.
	ManifestSHA string
	// Verdict and ExitCode are what report.json's findings lead to,
	// recomputed with the built-in catalogue (Regrade); empty when
	// report.json could not be read.
	Verdict  Verdict
	ExitCode int
	// Signer is the key that signed the manifest (FileSignature, checked
	// against the manifest), nil for an unsigned bundle. Whether it is a
	// key to trust is the reviewer's question (bundle verify --key).
	Signer ed25519.PublicKey
}

// VerifyBundle is BundleCheck, also returning the verdict the findings lead
// to. The report's statuses and levels are recomputed from its findings and
// the built-in catalogue (Regrade): a check relabelled "pass" that carries a
// MUST finding, a level lowered in the report or a known-failing mark its
// list does not hold is a problem, and the verdict returned is the
// recomputed one.
func VerifyBundle(dir string) (res BundleResult, err error) {
	var problems []string
	defer func() { res.Problems = problems }()
	// Every file is read through the directory's root: a name resolves
	// inside the bundle only, and only a regular file is read (Dir.open).
	root, err := os.OpenRoot(dir)
	if err != nil {
		return res, fmt.Errorf("%w: %v", ErrBundle, err)
	}
	d := &Dir{path: dir, root: root}
	defer d.Close()
	mf, err := d.digest(FileManifest)
	if err != nil {
		return res, fmt.Errorf("%w: %v", ErrBundle, err)
	}
	raw, err := d.readLimited(FileManifest, 1<<20)
	if err != nil {
		return res, fmt.Errorf("%w: %v", ErrBundle, err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return res, fmt.Errorf("%w: %s: %v", ErrBundle, FileManifest, err)
	}
	if m.Schema != BundleSchema {
		return res, fmt.Errorf("%w: %s has schema %q, want %q", ErrBundle, FileManifest, m.Schema, BundleSchema)
	}
	res.ManifestSHA = mf.SHA256
	listed := map[string]bool{FileManifest: true, FileSignature: true}
	var sigProblems []string
	res.Signer, sigProblems = d.checkSignature(raw)
	problems = append(problems, sigProblems...)
	for _, f := range m.Files {
		if !validBundlePath(f.Path) {
			problems = append(problems, fmt.Sprintf("the manifest lists %q, which is not a plain file name of the bundle", f.Path))
			continue
		}
		listed[f.Path] = true
		got, err := d.digest(f.Path)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", f.Path, err))
		case got.SHA256 != f.SHA256 || got.Bytes != f.Bytes:
			problems = append(problems, fmt.Sprintf("%s was changed: sha256 %s (%d bytes), the manifest says %s (%d bytes)", f.Path, got.SHA256, got.Bytes, f.SHA256, f.Bytes))
		}
	}
	for _, need := range []string{FileJSON, FileRun} {
		if !listed[need] {
			problems = append(problems, "the manifest does not list "+need)
		}
	}
	names, err := d.entries()
	if err != nil {
		return res, fmt.Errorf("%w: %v", ErrBundle, err)
	}
	for _, name := range names {
		if st, err := d.root.Lstat(name); err == nil && st.IsDir() {
			problems = append(problems, fmt.Sprintf("%s/ is not part of the bundle", name))
			continue
		}
		if !listed[name] {
			problems = append(problems, fmt.Sprintf("%s is not listed in the manifest", name))
		}
	}
	if listed[FileJSON] {
		var p []string
		p, res.Verdict, res.ExitCode = checkBundleReport(d, m)
		problems = append(problems, p...)
	}
	return res, nil
}

// checkBundleReport re-derives the verdict of report.json and compares the
// run it describes with run.json and the manifest. It returns the problems
// and the verdict and exit code recomputed from the findings.
func checkBundleReport(d *Dir, m Manifest) ([]string, Verdict, int) {
	raw, err := d.readLimited(FileJSON, MaxBundleReport)
	if err != nil {
		return []string{err.Error()}, "", 0
	}
	r, err := ReadJSON(bytes.NewReader(raw))
	if err != nil {
		return []string{fmt.Sprintf("%s is not a valid report: %v", FileJSON, err)}, "", 0
	}
	var problems []string
	// Grade again from the findings and the built-in catalogue, never from
	// the labels of the file: a relabelled status, a lowered level or a
	// known-failing mark the run's list does not hold is put back.
	for _, c := range r.Regrade(rules.Default()) {
		problems = append(problems, FileJSON+": "+c)
	}
	r.Normalize()
	v, code := r.Verdict(), r.ExitCode()
	if v != m.Verdict || code != m.ExitCode {
		problems = append(problems, fmt.Sprintf("the findings of %s lead to verdict %s (exit %d); the manifest says %s (exit %d)", FileJSON, v, code, m.Verdict, m.ExitCode))
	}
	var stated struct {
		Summary Summary `json:"summary"`
	}
	if err := json.Unmarshal(raw, &stated); err == nil && (stated.Summary.Verdict != v || stated.Summary.ExitCode != code) {
		problems = append(problems, fmt.Sprintf("%s states verdict %s (exit %d) but its findings lead to %s (exit %d)", FileJSON, stated.Summary.Verdict, stated.Summary.ExitCode, v, code))
	}
	if r.Meta.Version != m.Version || r.Meta.Kind != m.Kind || !slices.Equal(r.Meta.RulesVersions, m.RulesVersions) || !slices.Equal(r.Meta.Games, m.Games) {
		problems = append(problems, fmt.Sprintf("%s describes another run than the manifest (version, kind, games or rules versions differ)", FileJSON))
	}
	rawRun, err := d.readLimited(FileRun, 64<<20)
	if err != nil {
		return append(problems, err.Error()), v, code
	}
	var run bundleRun
	if err := json.Unmarshal(rawRun, &run); err != nil {
		return append(problems, fmt.Sprintf("%s: %v", FileRun, err)), v, code
	}
	if run.Version != r.Meta.Version || !slices.Equal(run.Seeds, r.Meta.Seeds) || run.Strict != r.Meta.Strict || run.Target != r.Meta.Target {
		problems = append(problems, fmt.Sprintf("%s and %s describe different runs (version, seeds, strictness or target)", FileRun, FileJSON))
	}
	if !slices.Equal(run.KnownFailing, r.Meta.KnownFailing) || !slices.Equal(run.KnownFlaky, r.Meta.KnownFlaky) {
		problems = append(problems, fmt.Sprintf("%s and %s name different known-failing or known-flaky lists", FileRun, FileJSON))
	}
	return problems, v, code
}

func readLimited(path string, limit int64) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", filepath.Base(path), limit)
	}
	return b, nil
}

// openRegular opens a file of a bundle only when it is a regular file
// itself: not a symbolic link (which could lead out of the bundle, to
// /etc/shadow), not a device such as /dev/zero, not a FIFO (whose open
// waits for a writer forever). The file opened must be the one examined.
func openRegular(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file of the bundle (%s)", filepath.Base(path), fileKind(st.Mode()))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if now, err := f.Stat(); err != nil || !os.SameFile(st, now) {
		f.Close()
		return nil, fmt.Errorf("%s changed while it was being opened", filepath.Base(path))
	}
	return f, nil
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a plain file"
}

// validBundlePath accepts the plain file names a bundle holds.
func validBundlePath(p string) bool {
	return p != "" && p != "." && p != ".." && !strings.ContainsAny(p, `/\`) && filepath.Base(p) == p
}
