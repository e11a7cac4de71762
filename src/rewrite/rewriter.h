/*
 * The rewriter: applies the fixes of a run's findings to the files.
 *
 * It is its own stage, after analysis: cal_rewriter_add_findings() gathers
 * every fix of every finding (all files, all parses), cal_rewriter_plan()
 * reads each file once, checks that it still holds what clang parsed (the
 * edits carry a hash of it), drops identical edits, refuses a whole fix
 * whose edits overlap an edit already taken, and builds the new content in
 * memory.  Nothing is written until cal_rewriter_write(), which writes each
 * changed file through a temporary file in the same directory and rename(),
 * keeping the file's permissions; it re-reads the file first, so a file
 * changed during the run is left alone.  cal_rewriter_rollback() puts a
 * file's original content back the same way.
 *
 * A fix is a set of edits applied together or not at all; within a file the
 * rewriter never half-applies one.  Findings from a partial parse (clang
 * reported errors) carry no fix: the rewriter says so, one line per file.  Line endings: in a file whose
 * lines end in CRLF, each "\n" of a replacement becomes "\r\n".
 *
 * Messages go to the FILE the rewriter is given (stderr in the tool), one
 * line each, "cuatomlint: ..." like every other diagnostic of the tool.
 *
 * Fault injection for tests: CUATOMLINT_FAULT=write (the temporary file
 * cannot be written, as on a full disk), rename (rename() fails), change
 * (the file changes between parse and write).  "reparse" is read by the
 * caller that re-parses (apply.c).
 */
#ifndef CUATOMLINT_FIXITS_REWRITER_H
#define CUATOMLINT_FIXITS_REWRITER_H

#include <stdint.h>
#include <stdio.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/strbuf.h"
#include "util/hash.h"

enum cal_fix_state {
	CAL_FIX_PENDING,
	CAL_FIX_TAKEN,		/* planned; applied once its files are written */
	CAL_FIX_REFUSED,	/* overlaps, unreadable or changed file, ... */
	CAL_FIX_FAILED,		/* a file it edits could not be written, or was rolled back */
};

struct cal_rw_fix {
	const struct cal_fix *fix;	/* borrowed from the findings */
	const char *check;
	const char *message;		/* the finding's */
	enum cal_severity severity;
	const struct cal_pos *where;	/* the finding's position */
	enum cal_fix_state state;
	const char *why;		/* of a refusal (static text) */
};

/* One edit taken for a file; identical edits of several fixes share one. */
struct cal_rw_edit {
	unsigned offset, length;
	const char *replacement;	/* borrowed */
};

enum cal_file_state {
	CAL_FILE_OK,
	CAL_FILE_BAD,		/* unreadable, changed since the parse, or withheld: no edits */
	CAL_FILE_WRITTEN,
	CAL_FILE_WRITE_FAILED,
	CAL_FILE_ROLLED_BACK,
};

struct cal_rw_file {
	char *path;
	uint64_t parsed_hash;
	struct strbuf original;
	struct strbuf result;
	int crlf;
	enum cal_file_state state;
	struct cal_rw_edit *edits;
	size_t nr_edits, alloc_edits;
};

struct cal_rewriter {
	struct cal_rw_fix *fixes;
	size_t nr_fixes, alloc_fixes;
	struct cal_rw_file *files;
	size_t nr_files, alloc_files;
	FILE *log;
	int nr_errors;		/* files that could not be read, written or kept */
	int nr_skipped_partial;	/* findings from partial parses (no fix) */
};

void cal_rewriter_init(struct cal_rewriter *rw, FILE *log);
/* Gather the fixes of list (borrowed: list must outlive rw). */
void cal_rewriter_add_findings(struct cal_rewriter *rw, const struct cal_findings *list);
/* Read, check, merge; builds each file's result.  Returns 0, -1 on errors. */
int cal_rewriter_plan(struct cal_rewriter *rw);
/* Write every file whose result differs; returns 0, -1 if any failed. */
int cal_rewriter_write(struct cal_rewriter *rw);
/* Restore file i's original content; fixes touching it become FAILED. */
int cal_rewriter_rollback(struct cal_rewriter *rw, size_t i, const char *why);
/* Before writing: leave file i as it is; fixes touching it become FAILED. */
int cal_rewriter_withhold(struct cal_rewriter *rw, size_t i, const char *why);
/* The file i of rw, or -1. */
long cal_rewriter_find_file(const struct cal_rewriter *rw, const char *path);
/* Does file i have new content? */
int cal_rewriter_changes(const struct cal_rw_file *f);
/* Fixes in the given state, and files written (not rolled back). */
size_t cal_rewriter_count_fixes(const struct cal_rewriter *rw, enum cal_fix_state s);
size_t cal_rewriter_count_written(const struct cal_rewriter *rw);
void cal_rewriter_release(struct cal_rewriter *rw);

/*
 * Before the report: mark (cal_fix.not_applied) every fix that --fix would
 * refuse whatever the files hold (its own edits overlap, or they overlap
 * another fix's), so the text, JSON and SARIF reports and the exports
 * carry only fixes --fix applies.  The rewriter decides the same again.
 */
void cal_fixes_settle(struct cal_findings *list);
/*
 * The reason cal_fix_predict() (apply.h) gives a fix --fix would roll back;
 * the rewriter then refuses the fix with it (the same text, compared by
 * address).
 */
extern const char cal_fix_rollback_predicted[];
/* ... and the one it gives a fix whose translation unit's parse failed. */
extern const char cal_fix_reparse_failed[];

/* Append replacement to out, turning "\n" into "\r\n" if crlf. */
void cal_rewrite_text(struct strbuf *out, const char *replacement, int crlf);
/* Does text use CRLF line endings (judged by its first line end)? */
int cal_text_is_crlf(const char *text, size_t len);
/* Is CUATOMLINT_FAULT set to name? */
int cal_fault(const char *name);

/*
 * Write a file the tool owns (a report): data goes to a temporary file in
 * path's directory, renamed over path, so the file is never half written
 * and a symbolic link planted at path is replaced, not followed; mode 0666
 * less the umask.  Returns 0, or -1 with *why set (path untouched).
 */
int cal_write_file_replacing(const char *path, const char *data, size_t len,
			     const char **why);

#endif
