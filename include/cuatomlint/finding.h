/*
 * Findings: what checks produce, as plain data.
 *
 * A finding owns all its strings.  Nothing here refers to libclang: the
 * check layer converts cursors and locations into paths, byte offsets and
 * 1-based line/byte-column pairs before it creates a finding, so the
 * reporters and the rewriter never see a CXCursor.
 *
 * Offsets are byte offsets into the file as it was parsed; columns are
 * 1-based byte columns (clang's convention).  An edit replaces
 * [offset, offset + length) with replacement.
 */
#ifndef CUATOMLINT_FINDING_H
#define CUATOMLINT_FINDING_H

#include <stddef.h>
#include <stdint.h>

enum cal_severity {
	CAL_SEV_NOTE,
	CAL_SEV_WARNING,
	CAL_SEV_ERROR,
};

const char *cal_severity_name(enum cal_severity sev);
int cal_severity_parse(const char *name, enum cal_severity *out);

struct cal_pos {
	char *file;
	unsigned offset;
	unsigned line;
	unsigned column;
};

struct cal_range {
	struct cal_pos begin;
	struct cal_pos end;	/* one past the last byte */
};

struct cal_note {
	struct cal_range range;
	char *message;
};

struct cal_edit {
	char *file;
	unsigned offset;
	unsigned length;
	char *replacement;
	unsigned line, column;		/* of offset */
	unsigned end_line, end_column;	/* of offset + length */
	/*
	 * FNV-1a hash of the file's content as clang parsed it (0: unknown);
	 * the rewriter writes a file only while its content still hashes so.
	 */
	uint64_t file_hash;
};

struct cal_fix {
	char *description;
	struct cal_edit *edits;
	size_t nr_edits, alloc_edits;
	/*
	 * Why --fix would refuse this fix (static text), or NULL; set by
	 * cal_fixes_settle() before the report, so reporters leave it out.
	 */
	const char *not_applied;
};

struct cal_finding {
	const char *check;	/* static check ID */
	enum cal_severity severity;
	struct cal_range range;
	char *message;
	uint64_t archs;		/* target bits, CAL_HOST_BIT for host */
	int arch_specific;	/* message depends on the targets it holds for */
	int partial_parse;	/* found in an AST clang recovered from errors */
	int system_header;	/* a clang error in a system header: one per location a run */
	struct cal_note *notes;
	size_t nr_notes, alloc_notes;
	struct cal_fix *fixes;
	size_t nr_fixes, alloc_fixes;
};

struct cal_findings {
	struct cal_finding *items;
	size_t nr, alloc;
};

void cal_finding_clear(struct cal_finding *f);
void cal_finding_add_note(struct cal_finding *f, const struct cal_range *r,
			  const char *message);
struct cal_fix *cal_finding_add_fix(struct cal_finding *f, const char *description);
/* Do the two edits change the same bytes of the same file to the same text? */
int cal_edit_equal(const struct cal_edit *a, const struct cal_edit *b);
/* Fixes are only offered for code clang parsed cleanly. */
void cal_finding_drop_fixes(struct cal_finding *f);
void cal_fix_add_edit(struct cal_fix *fix, const struct cal_edit *edit);

void cal_range_copy(struct cal_range *dst, const struct cal_range *src);
void cal_range_clear(struct cal_range *r);

/* Takes ownership of *f's contents (leaves *f zeroed). */
void cal_findings_take(struct cal_findings *list, struct cal_finding *f);
/*
 * Sort by file, offset, check, message; merge equal findings (same check,
 * location and message), OR-ing their arch masks and keeping the first's
 * notes and fixes (the fixes of a later one, from a clean parse, where the
 * first's were withheld).
 */
void cal_findings_sort_merge(struct cal_findings *list);
/*
 * One finding per (file, line, check), clang-tidy's habit: after
 * cal_findings_sort_merge(), the later findings of a check on a line
 * become notes of the first (their message at their position, then their
 * own notes), their fixes join its fixes, arch masks are OR-ed and the
 * highest severity is kept.
 */
void cal_findings_merge_lines(struct cal_findings *list);
void cal_findings_release(struct cal_findings *list);

#endif
