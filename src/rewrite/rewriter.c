#include "rewrite/rewriter.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixits/fences.h"
#include "util/hash.h"

void cal_rewriter_init(struct cal_rewriter *rw, FILE *log)
{
	memset(rw, 0, sizeof(*rw));
	rw->log = log;
}

int cal_fault(const char *name)
{
	const char *v = getenv("CUATOMLINT_FAULT");
	return v && !strcmp(v, name);
}

int cal_text_is_crlf(const char *text, size_t len)
{
	const char *nl = memchr(text, '\n', len);
	return nl && nl > text && nl[-1] == '\r';
}

void cal_rewrite_text(struct strbuf *out, const char *replacement, int crlf)
{
	const char *p;
	for (p = replacement; *p; p++) {
		if (crlf && *p == '\n' && (p == replacement || p[-1] != '\r'))
			strbuf_addch(out, '\r');
		strbuf_addch(out, *p);
	}
}

long cal_rewriter_find_file(const struct cal_rewriter *rw, const char *path)
{
	size_t i;
	for (i = 0; i < rw->nr_files; i++)
		if (!strcmp(rw->files[i].path, path))
			return (long)i;
	return -1;
}

static struct cal_rw_file *file_for_edit(struct cal_rewriter *rw, const struct cal_edit *e)
{
	long i = cal_rewriter_find_file(rw, e->file);
	struct cal_rw_file *f;

	if (i >= 0) {
		f = &rw->files[i];
		if (f->state == CAL_FILE_OK && e->file_hash != f->parsed_hash) {
			if (rw->log)
				fprintf(rw->log, "cuatomlint: error: '%s' changed while it was being "
				"parsed; not rewritten\n", f->path);
			f->state = CAL_FILE_BAD;
			rw->nr_errors++;
		}
		return f;
	}
	GROW(rw->files, rw->alloc_files, rw->nr_files + 1);
	f = &rw->files[rw->nr_files++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(e->file);
	f->parsed_hash = e->file_hash;
	strbuf_init(&f->original);
	strbuf_init(&f->result);
	return f;
}

static void add_fix(struct cal_rewriter *rw, const struct cal_finding *fd,
		    const struct cal_fix *fix)
{
	struct cal_rw_fix *r;
	size_t i;

	if (!fix->nr_edits)
		return;
	for (i = 0; i < fix->nr_edits; i++)
		file_for_edit(rw, &fix->edits[i]);
	GROW(rw->fixes, rw->alloc_fixes, rw->nr_fixes + 1);
	r = &rw->fixes[rw->nr_fixes++];
	r->fix = fix;
	r->check = fd->check;
	r->message = fd->message;
	r->severity = fd->severity;
	r->where = &fd->range.begin;
	r->state = CAL_FIX_PENDING;
}

/*
 * "fix not applied: k.cu:12:5 [volatile-sync] and 2 more findings in 'k.cu':
 * found in a partial parse (clang reported errors in this translation
 * unit)": one line per file for the findings of partial parses, which carry
 * no fix (the list is sorted by file), so that a file with many says it once.
 */
static void say_partial(const struct cal_rewriter *rw, const struct cal_finding *first,
			size_t more)
{
	if (!rw->log)
		return;
	fprintf(rw->log, "cuatomlint: fix not applied: %s:%u:%u [%s]", first->range.begin.file,
		first->range.begin.line, first->range.begin.column, first->check);
	if (more)
		fprintf(rw->log, " and %zu more finding%s in '%s'", more, more == 1 ? "" : "s",
			first->range.begin.file);
	fprintf(rw->log, ": found in a partial parse (clang reported errors in this "
		"translation unit)\n");
}

static int same_file(const struct cal_finding *a, const struct cal_finding *b)
{
	return a->range.begin.file && b->range.begin.file &&
	       !strcmp(a->range.begin.file, b->range.begin.file);
}

static void count_partial(struct cal_rewriter *rw, const struct cal_findings *list)
{
	const struct cal_finding *first = NULL;
	size_t i, more = 0;

	for (i = 0; i < list->nr; i++) {
		const struct cal_finding *fd = &list->items[i];
		if (!fd->partial_parse)
			continue;
		rw->nr_skipped_partial++;
		if (first && same_file(first, fd)) {
			more++;
			continue;
		}
		if (first)
			say_partial(rw, first, more);
		first = fd;
		more = 0;
	}
	if (first)
		say_partial(rw, first, more);
}

void cal_rewriter_add_findings(struct cal_rewriter *rw, const struct cal_findings *list)
{
	size_t i, j;

	count_partial(rw, list);
	for (i = 0; i < list->nr; i++) {
		const struct cal_finding *fd = &list->items[i];
		for (j = 0; !fd->partial_parse && j < fd->nr_fixes; j++)	/* (it has none) */
			add_fix(rw, fd, &fd->fixes[j]);
	}
}

static void refuse(struct cal_rewriter *rw, struct cal_rw_fix *r, enum cal_fix_state s,
		   const char *why)
{
	r->state = s;
	r->why = why;
	if (rw->log)
		fprintf(rw->log, "cuatomlint: fix %s: %s:%u:%u [%s]: %s\n",
		s == CAL_FIX_REFUSED ? "refused" : "not applied", r->where->file,
		r->where->line, r->where->column, r->check, why);
}

static int read_checked(struct cal_rewriter *rw, struct cal_rw_file *f)
{
	if (read_file(f->path, &f->original) < 0) {
		if (rw->log)
			fprintf(rw->log, "cuatomlint: error: cannot read '%s': %s; "
				"not rewritten\n", f->path, strerror(errno));
		return -1;
	}
	if (!f->parsed_hash ||
	    cal_content_hash(f->original.buf, f->original.len) != f->parsed_hash) {
		if (rw->log)
			fprintf(rw->log, "cuatomlint: error: '%s' changed since it was "
				"parsed; not rewritten\n", f->path);
		return -1;
	}
	f->crlf = cal_text_is_crlf(f->original.buf, f->original.len);
	return 0;
}

static int same_edit(const struct cal_rw_edit *a, const struct cal_edit *b)
{
	return a->offset == b->offset && a->length == b->length &&
	       !strcmp(a->replacement, b->replacement);
}

/* Two different edits conflict if their order or extent is ambiguous. */
static int overlaps(unsigned ao, unsigned al, unsigned bo, unsigned bl)
{
	if (!al && !bl)
		return ao == bo;
	if (!al)
		return bo < ao && ao < bo + bl;
	if (!bl)
		return ao < bo && bo < ao + al;
	return ao < bo + bl && bo < ao + al;
}

/*
 * An insertion of whole preprocessor-led lines: the #ifndef-guarded helpers
 * and the #include that fixes put at the same point of a file (one
 * fallback per operation, the acquire-load helper).  Such blocks do not
 * depend on each other, so two of them at one offset do not conflict;
 * edit_order() puts them in the order of their text.
 */
static int is_directive_block(const struct cal_edit *e)
{
	size_t n = strlen(e->replacement);
	return !e->length && n && e->replacement[0] == '#' && e->replacement[n - 1] == '\n';
}

static int edits_conflict(const struct cal_edit *a, const struct cal_edit *b)
{
	return !strcmp(a->file, b->file) &&
	       !(a->offset == b->offset && a->length == b->length &&
		 !strcmp(a->replacement, b->replacement)) &&
	       !(is_directive_block(a) && is_directive_block(b)) &&
	       overlaps(a->offset, a->length, b->offset, b->length);
}

static int fixes_conflict(const struct cal_fix *x, const struct cal_fix *y)
{
	size_t i, j;
	for (i = 0; i < x->nr_edits; i++)
		for (j = 0; j < y->nr_edits; j++)
			if (edits_conflict(&x->edits[i], &y->edits[j]))
				return 1;
	return 0;
}

/* Why the fix cannot be taken on its own, or NULL. */
static const char *fix_problem(struct cal_rewriter *rw, const struct cal_fix *fix)
{
	size_t i, j;

	if (fix->not_applied == cal_fix_rollback_predicted ||
	    fix->not_applied == cal_fix_reparse_failed)
		return fix->not_applied;
	for (i = 0; i < fix->nr_edits; i++) {
		const struct cal_edit *e = &fix->edits[i];
		const struct cal_rw_file *f = &rw->files[cal_rewriter_find_file(rw, e->file)];
		if (f->state != CAL_FILE_OK)
			return "its file cannot be rewritten";
		if ((size_t)e->offset + e->length > f->original.len)
			return "an edit lies outside the file";
		for (j = 0; j < i; j++)
			if (edits_conflict(e, &fix->edits[j]))
				return "its own edits overlap";
	}
	return NULL;
}

/*
 * Refuse every fix whose edits overlap another fix's: neither is applied,
 * so the outcome does not depend on the order of the findings, and a
 * second --fix run refuses the same fixes again instead of applying the
 * one the first run left out.
 */
static void refuse_conflicts(struct cal_rewriter *rw)
{
	size_t i, j;
	char *conflict = xcalloc(rw->nr_fixes + 1, 1);

	for (i = 0; i < rw->nr_fixes; i++)
		for (j = i + 1; j < rw->nr_fixes; j++)
			if (rw->fixes[i].state == CAL_FIX_PENDING &&
			    rw->fixes[j].state == CAL_FIX_PENDING &&
			    fixes_conflict(rw->fixes[i].fix, rw->fixes[j].fix))
				conflict[i] = conflict[j] = 1;
	for (i = 0; i < rw->nr_fixes; i++)
		if (conflict[i])
			refuse(rw, &rw->fixes[i], CAL_FIX_REFUSED,
			       "its edits overlap those of another fix");
	free(conflict);
}

static void take_edit(struct cal_rewriter *rw, const struct cal_edit *e)
{
	struct cal_rw_file *f = &rw->files[cal_rewriter_find_file(rw, e->file)];
	size_t i;

	for (i = 0; i < f->nr_edits; i++)
		if (same_edit(&f->edits[i], e))
			return;
	GROW(f->edits, f->alloc_edits, f->nr_edits + 1);
	f->edits[f->nr_edits].offset = e->offset;
	f->edits[f->nr_edits].length = e->length;
	f->edits[f->nr_edits].replacement = e->replacement;
	f->nr_edits++;
}

static int is_include(const char *text)
{
	return !strncmp(text, "#include", 8);
}

/*
 * An insertion that opens a conditional the file's own code then closes
 * (arch-unsupported's guard around a definition, '#if ...' with no
 * '#endif'): the helpers inserted at the same offset are not the guarded
 * code, so they go before it.
 */
static int opens_conditional(const char *text)
{
	return !strncmp(text, "#if", 3) && !strstr(text, "#endif");
}

static int edit_order(const void *pa, const void *pb)
{
	const struct cal_rw_edit *a = pa, *b = pb;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	if (a->length != b->length)
		return a->length < b->length ? -1 : 1;	/* insertion first */
	if (is_include(a->replacement) != is_include(b->replacement))
		return is_include(a->replacement) ? -1 : 1;	/* #include before helpers */
	if (opens_conditional(a->replacement) != opens_conditional(b->replacement))
		return opens_conditional(a->replacement) ? 1 : -1;	/* helpers before a guard */
	return strcmp(a->replacement, b->replacement);
}

static void build_result(struct cal_rw_file *f)
{
	size_t i, at = 0;

	if (f->nr_edits)
		qsort(f->edits, f->nr_edits, sizeof(*f->edits), edit_order);
	strbuf_reset(&f->result);
	for (i = 0; i < f->nr_edits; i++) {
		const struct cal_rw_edit *e = &f->edits[i];
		strbuf_add(&f->result, f->original.buf + at, e->offset - at);
		cal_rewrite_text(&f->result, e->replacement, f->crlf);
		at = (size_t)e->offset + e->length;
	}
	strbuf_add(&f->result, f->original.buf + at, f->original.len - at);
}

/* Do the fix's own edits overlap? */
static int fix_self_overlaps(const struct cal_fix *fix)
{
	size_t i, j;
	for (i = 0; i < fix->nr_edits; i++)
		for (j = 0; j < i; j++)
			if (edits_conflict(&fix->edits[i], &fix->edits[j]))
				return 1;
	return 0;
}

/* Does an edit of a fix other than own change [from, to) of path? */
static int others_touch(const struct cal_rewriter *rw, const struct cal_fix *own,
			const char *path, size_t from, size_t to)
{
	size_t i, j;

	for (i = 0; i < rw->nr_fixes; i++) {
		const struct cal_fix *fix = rw->fixes[i].fix;
		for (j = 0; fix != own && j < fix->nr_edits; j++) {
			const struct cal_edit *e = &fix->edits[j];
			if (!strcmp(e->file, path) && e->offset < to &&
			    (size_t)e->offset + e->length + !e->length > from)
				return 1;
		}
	}
	return 0;
}

/*
 * The edit of another fix, taken (not refused), that ends closest before
 * e with only blanks, ';' and parentheses between (it may rename a fence
 * call): its fence may be the one e repeats.
 */
static const struct cal_edit *edit_just_before(const struct cal_rewriter *rw,
					       const struct cal_fix *own, const struct cal_edit *e,
					       const struct strbuf *text)
{
	const struct cal_edit *best = NULL;
	size_t i, j, k;

	for (i = 0; i < rw->nr_fixes; i++) {
		const struct cal_fix *fix = rw->fixes[i].fix;
		if (fix == own || rw->fixes[i].state == CAL_FIX_REFUSED)
			continue;
		for (j = 0; j < fix->nr_edits; j++) {
			const struct cal_edit *o = &fix->edits[j];
			size_t end = (size_t)o->offset + o->length;
			if (strcmp(o->file, e->file) || end > e->offset || (best && end <=
			    (size_t)best->offset + best->length))
				continue;
			for (k = end; k < e->offset && strchr(" \t\r\n;()", text->buf[k]); k++)
				;
			if (k == e->offset)
				best = o;
		}
	}
	return best;
}

/*
 * e (of fix) starts with a fence that the text before it ends with: the
 * user's code, or another fix's edit o just before it (a narrow fence that
 * fix widens).  The leading fence goes; with o, fix takes o's edit too, so
 * that it stays whole when applied alone (two equal edits are one).
 */
static void drop_doubled_fence(struct cal_rewriter *rw, struct cal_fix *fix, size_t j,
			       const struct cal_rw_file *f)
{
	struct cal_edit *e = &fix->edits[j], copy;
	const struct cal_edit *o;
	struct strbuf before = STRBUF_INIT;
	size_t start, base;
	char *shorter;

	shorter = cal_without_doubled_fence(e->replacement, f->original.buf, e->offset, &start);
	if (shorter && !others_touch(rw, fix, e->file, start, e->offset)) {
		free(e->replacement);
		e->replacement = shorter;
		return;
	}
	free(shorter);
	if (!(o = edit_just_before(rw, fix, e, &f->original)))
		return;
	base = o->offset > 256 ? o->offset - 256 : 0;
	strbuf_add(&before, f->original.buf + base, o->offset - base);
	strbuf_adds(&before, o->replacement);
	strbuf_add(&before, f->original.buf + o->offset + o->length,
		   e->offset - o->offset - o->length);
	shorter = cal_without_doubled_fence(e->replacement, before.buf, before.len, &start);
	if (shorter && start < o->offset - base &&
	    others_touch(rw, fix, e->file, base + start, o->offset)) {
		free(shorter);	/* the fence's statement starts in text another edit changes */
		shorter = NULL;
	}
	strbuf_release(&before);
	if (!shorter)
		return;
	free(e->replacement);
	e->replacement = shorter;
	copy = *o;
	cal_fix_add_edit(fix, &copy);	/* copies the strings; e may move */
}

/* Drop a fix's leading fence where the code, or a fix just before it, has that fence. */
static void drop_doubled_fences(struct cal_rewriter *rw)
{
	size_t i, j, n;

	for (i = 0; i < rw->nr_fixes; i++) {
		struct cal_fix *fix = (struct cal_fix *)rw->fixes[i].fix;
		if (rw->fixes[i].state == CAL_FIX_REFUSED)
			continue;
		for (j = 0, n = fix->nr_edits; j < n; j++) {
			struct cal_edit *e = &fix->edits[j];
			struct cal_rw_file *f = &rw->files[cal_rewriter_find_file(rw, e->file)];
			if (strncmp(e->replacement + (e->replacement[0] == '('), "__threadfence", 13))
				continue;
			if (f->state == CAL_FILE_OK && !f->original.len && read_checked(rw, f) < 0)
				f->state = CAL_FILE_BAD;
			if (f->state == CAL_FILE_OK && e->offset <= f->original.len)
				drop_doubled_fence(rw, fix, j, f);
		}
	}
}

const char cal_fix_rollback_predicted[] =
	"--fix would roll it back: the rewritten translation unit gives clang errors it did not have";
const char cal_fix_reparse_failed[] =
	"--fix would not keep it: the re-parse of its translation unit failed";

void cal_fixes_settle(struct cal_findings *list)
{
	struct cal_rewriter rw;
	size_t i;

	cal_rewriter_init(&rw, NULL);
	cal_rewriter_add_findings(&rw, list);
	for (i = 0; i < rw.nr_fixes; i++)
		if (fix_self_overlaps(rw.fixes[i].fix))
			refuse(&rw, &rw.fixes[i], CAL_FIX_REFUSED, "its own edits overlap");
	refuse_conflicts(&rw);
	drop_doubled_fences(&rw);
	for (i = 0; i < rw.nr_fixes; i++)
		if (rw.fixes[i].state == CAL_FIX_REFUSED)
			((struct cal_fix *)rw.fixes[i].fix)->not_applied = rw.fixes[i].why;
	cal_rewriter_release(&rw);
}

int cal_rewriter_plan(struct cal_rewriter *rw)
{
	size_t i, j;

	for (i = 0; i < rw->nr_files; i++) {
		struct cal_rw_file *f = &rw->files[i];
		if (f->state == CAL_FILE_OK && read_checked(rw, f) < 0) {
			f->state = CAL_FILE_BAD;
			rw->nr_errors++;
		}
	}
	for (i = 0; i < rw->nr_fixes; i++) {
		const char *why = fix_problem(rw, rw->fixes[i].fix);
		if (why)
			refuse(rw, &rw->fixes[i], CAL_FIX_REFUSED, why);
	}
	refuse_conflicts(rw);
	for (i = 0; i < rw->nr_fixes; i++) {
		struct cal_rw_fix *r = &rw->fixes[i];
		if (r->state != CAL_FIX_PENDING)
			continue;
		for (j = 0; j < r->fix->nr_edits; j++)
			take_edit(rw, &r->fix->edits[j]);
		r->state = CAL_FIX_TAKEN;
	}
	for (i = 0; i < rw->nr_files; i++)
		if (rw->files[i].state == CAL_FILE_OK)
			build_result(&rw->files[i]);
	return rw->nr_errors ? -1 : 0;
}

int cal_rewriter_changes(const struct cal_rw_file *f)
{
	return f->state != CAL_FILE_BAD &&
	       (f->result.len != f->original.len ||
		memcmp(f->result.buf, f->original.buf, f->original.len));
}

static int fix_touches(const struct cal_fix *fix, const char *path)
{
	size_t i;
	for (i = 0; i < fix->nr_edits; i++)
		if (!strcmp(fix->edits[i].file, path))
			return 1;
	return 0;
}

static void fail_fixes_of(struct cal_rewriter *rw, const char *path, const char *why)
{
	size_t i;
	for (i = 0; i < rw->nr_fixes; i++)
		if (rw->fixes[i].state == CAL_FIX_TAKEN && fix_touches(rw->fixes[i].fix, path))
			refuse(rw, &rw->fixes[i], CAL_FIX_FAILED, why);
}

/* Refuse to write where the mode bits say no, even when running as root. */
static int check_writable(const char *path, const struct stat *st, const char **why)
{
	const char *slash = strrchr(path, '/');
	char *dir = !slash ? xstrdup(".") : xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
	struct stat dst;
	int r = 0;

	if (!(st->st_mode & 0222) || access(path, W_OK) < 0) {
		*why = "the file is read-only";
		r = -1;
	} else if (stat(dir, &dst) < 0 || !(dst.st_mode & 0222) || access(dir, W_OK) < 0) {
		*why = "its directory is read-only";
		r = -1;
	}
	free(dir);
	return r;
}

static char *temp_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xasprintf(".%s.cuatomlint-XXXXXX", path);
	return xasprintf("%.*s/.%s.cuatomlint-XXXXXX", (int)(slash - path), path, slash + 1);
}

/* write_all(), with the test hook that fakes a full disk */
static int write_or_fault(int fd, const char *buf, size_t len)
{
	if (cal_fault("write")) {
		errno = ENOSPC;
		return -1;
	}
	return write_all(fd, buf, len);
}

/*
 * Write data to target through a temporary file in target's directory,
 * renamed over it: readers see the old content or the new, never a part,
 * and a symbolic link at target is replaced, not followed.  The file gets
 * mode and, where allowed (st given), the owner of st.
 */
static int write_then_rename(const char *target, const char *data, size_t len, mode_t mode,
			     const struct stat *st, const char **why)
{
	char *tmp = temp_name(target);
	int fd = mkstemp(tmp), r = -1;

	if (fd < 0) {
		*why = strerror(errno);
		goto out;
	}
	if (st && fchown(fd, st->st_uid, st->st_gid) < 0) {
		/* not ours to give away: the file becomes the user's */
	}
	if (write_or_fault(fd, data, len) < 0 || fchmod(fd, mode & 07777) < 0 || fsync(fd) < 0) {
		*why = strerror(errno);
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (close(fd) < 0 || cal_fault("rename") || rename(tmp, target) < 0) {
		*why = cal_fault("rename") ? "rename failed (injected fault)" : strerror(errno);
		unlink(tmp);
		goto out;
	}
	r = 0;
out:
	free(tmp);
	return r;
}

int cal_write_file_replacing(const char *path, const char *data, size_t len,
			     const char **why)
{
	mode_t mask = umask(0);

	umask(mask);
	return write_then_rename(path, data, len, 0666 & ~mask, NULL, why);
}

/*
 * Replace a source file's content with data, keeping its permission bits
 * and, where allowed, its owner.  A symbolic link is followed (the source
 * it names is edited), not replaced.  On failure path is untouched and
 * *why says what went wrong.
 */
static int replace_file(const char *path, const struct strbuf *data, const struct stat *st,
			const char **why)
{
	char *real = realpath(path, NULL);
	int r = write_then_rename(real ? real : path, data->buf, data->len, st->st_mode, st, why);

	free(real);
	return r;
}

/* Has the file changed since the parse?  Re-read just before writing. */
static int still_parsed_content(struct cal_rw_file *f)
{
	struct strbuf now = STRBUF_INIT;
	int same;

	if (cal_fault("change")) {
		FILE *fp = fopen(f->path, "a");
		if (fp) {
			fputs("// changed during the run\n", fp);
			fclose(fp);
		}
	}
	same = read_file(f->path, &now) == 0 &&
	       cal_content_hash(now.buf, now.len) == f->parsed_hash;
	strbuf_release(&now);
	return same;
}

static int write_one(struct cal_rewriter *rw, struct cal_rw_file *f)
{
	const char *why = NULL;
	struct stat st;

	if (!still_parsed_content(f))
		why = "it changed since it was parsed";
	else if (stat(f->path, &st) < 0)
		why = strerror(errno);
	else if (check_writable(f->path, &st, &why) == 0 &&
		 replace_file(f->path, &f->result, &st, &why) == 0) {
		f->state = CAL_FILE_WRITTEN;
		return 0;
	}
	fprintf(rw->log, "cuatomlint: error: cannot rewrite '%s': %s; the original is "
		"intact\n", f->path, why);
	f->state = CAL_FILE_WRITE_FAILED;
	rw->nr_errors++;
	fail_fixes_of(rw, f->path, "its file could not be written");
	return -1;
}

int cal_rewriter_write(struct cal_rewriter *rw)
{
	size_t i;
	int r = 0;

	for (i = 0; i < rw->nr_files; i++) {
		struct cal_rw_file *f = &rw->files[i];
		if (f->state == CAL_FILE_OK && cal_rewriter_changes(f) && write_one(rw, f) < 0)
			r = -1;
	}
	return r;
}

int cal_rewriter_rollback(struct cal_rewriter *rw, size_t i, const char *why)
{
	struct cal_rw_file *f = &rw->files[i];
	const char *err = NULL;
	struct stat st;

	if (f->state != CAL_FILE_WRITTEN)
		return 0;
	rw->nr_errors++;
	if (stat(f->path, &st) < 0 || replace_file(f->path, &f->original, &st, &err) < 0) {
		fprintf(rw->log, "cuatomlint: error: cannot roll back '%s': %s\n", f->path,
			err ? err : strerror(errno));
		return -1;
	}
	fprintf(rw->log, "cuatomlint: error: rolled back '%s': %s\n", f->path, why);
	f->state = CAL_FILE_ROLLED_BACK;
	fail_fixes_of(rw, f->path, "its file was rolled back");
	return 0;
}

int cal_rewriter_withhold(struct cal_rewriter *rw, size_t i, const char *why)
{
	struct cal_rw_file *f = &rw->files[i];

	if (f->state != CAL_FILE_OK || !cal_rewriter_changes(f))
		return 0;
	rw->nr_errors++;
	fprintf(rw->log, "cuatomlint: error: not rewriting '%s': %s\n", f->path, why);
	fail_fixes_of(rw, f->path, "its file was not rewritten");
	f->state = CAL_FILE_BAD;
	return 0;
}

size_t cal_rewriter_count_fixes(const struct cal_rewriter *rw, enum cal_fix_state s)
{
	size_t i, n = 0;
	for (i = 0; i < rw->nr_fixes; i++)
		n += rw->fixes[i].state == s;
	return n;
}

size_t cal_rewriter_count_written(const struct cal_rewriter *rw)
{
	size_t i, n = 0;
	for (i = 0; i < rw->nr_files; i++)
		n += rw->files[i].state == CAL_FILE_WRITTEN;
	return n;
}

void cal_rewriter_release(struct cal_rewriter *rw)
{
	size_t i;
	for (i = 0; i < rw->nr_files; i++) {
		free(rw->files[i].path);
		strbuf_release(&rw->files[i].original);
		strbuf_release(&rw->files[i].result);
		free(rw->files[i].edits);
	}
	free(rw->files);
	free(rw->fixes);
	memset(rw, 0, sizeof(*rw));
}
