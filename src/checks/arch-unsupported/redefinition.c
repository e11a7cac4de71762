/*
 * arch-unsupported: the user's atomicAdd(double *, double) defined where
 * the toolkit defines it too (redefinition.h).
 */
#include "checks/arch-unsupported/redefinition.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "fixits/edit.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"

#define CHECK_ID "arch-unsupported"
#define CLANG_ERROR "clang-diagnostic-error"
#define REDEFINED "redefinition of 'atomicAdd'"
/*
 * Defined on the old targets' device passes only: nvcc's host pass (no
 * __CUDA_ARCH__) has the toolkit's definition as well, so the guard
 * "!defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 600" would still redefine it
 * there (nvcc 13 rejects that form for every -arch).
 */
#define GUARD "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < %u"

static int is_double(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Double;
}

static int is_double_pointer(CXType t)
{
	CXType p = clang_getCanonicalType(t);

	return p.kind == CXType_Pointer && is_double(clang_getPointeeType(p)) &&
	       !clang_isConstQualifiedType(clang_getPointeeType(p));
}

/*
 * Is c the user's file-scope definition of __device__ double
 * atomicAdd(double *, double), the toolkit's own signature?  A namespace's,
 * a class's, another name or signature, or a __host__ __device__ one is
 * another function, or not this shape.
 */
static int is_double_add_definition(CXCursor c)
{
	CXCursor parent;

	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    !cal_cursor_name_is(c, "atomicAdd") || cal_cursor_in_system_header(c))
		return 0;
	parent = clang_getCursorSemanticParent(c);
	if (clang_getCursorKind(parent) != CXCursor_TranslationUnit ||
	    clang_Cursor_getNumArguments(c) != 2 || !is_double(clang_getCursorResultType(c)) ||
	    !is_double_pointer(clang_getCursorType(clang_Cursor_getArgument(c, 0))) ||
	    !is_double(clang_getCursorType(clang_Cursor_getArgument(c, 1))))
		return 0;
	return cal_function_space(c) == CAL_SPACE_DEVICE;
}

/* The lowest sm whose toolkit headers define atomicAdd(double *, double). */
static unsigned native_sm(int cuda_major)
{
	const struct cal_fact *f = cal_facts_find(CAL_API_LEGACY, CAL_OP_ADD, CAL_T_F64, 0);

	return f ? cal_fact_min_sm(f, cuda_major) : 60;
}

/* Is the directive at text (after its '#', len bytes to the line's end) the word? */
static int directive_is(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len >= n && !strncmp(text, word, n) &&
	       (len == n || text[n] == ' ' || text[n] == '\t' || text[n] == '(' || text[n] == '!');
}

/* The directive of the line at buf + at (its text after '#' and blanks), or NULL. */
static const char *directive_of(const char *buf, size_t at, size_t end)
{
	while (at < end && (buf[at] == ' ' || buf[at] == '\t'))
		at++;
	if (at == end || buf[at] != '#')
		return NULL;
	for (at++; at < end && (buf[at] == ' ' || buf[at] == '\t'); at++)
		;
	return buf + at;
}

static size_t line_end(const char *buf, size_t at, size_t size)
{
	while (at < size && buf[at] != '\n')
		at++;
	return at;
}

/*
 * Is the '#ifndef NAME' at d an include guard: is the next line
 * '#define NAME'?  Such a conditional holds the whole header, not a
 * fallback.
 */
static int include_guard(const char *buf, const char *d, size_t end, size_t size)
{
	const char *name = d + strlen("ifndef"), *next;
	size_t n, at = end + 1, next_end;

	while (name < buf + end && (*name == ' ' || *name == '\t'))
		name++;
	for (n = 0; name + n < buf + end && !strchr(" \t\r", name[n]); n++)
		;
	if (!n || at >= size)
		return 0;
	next_end = line_end(buf, at, size);
	next = directive_of(buf, at, next_end);
	if (!next || !directive_is(next, (size_t)(buf + next_end - next), "define"))
		return 0;
	for (next += strlen("define"); *next == ' ' || *next == '\t'; next++)
		;
	return (size_t)(buf + next_end - next) >= n && !strncmp(next, name, n) &&
	       (buf + next_end == next + n || strchr(" \t\r", next[n]));
}

/*
 * Is offset outside every conditional but include guards, reading buf's
 * directives before it line by line?  The host parse claims only such a
 * definition: one under a conditional may be a guarded fallback (the
 * guide's '#if __CUDA_ARCH__ < 600', directly or through a macro it
 * defines), whose host-pass error the clang-gaps table explains with a
 * note on how to guard it.
 */
static int outside_conditionals(const char *buf, size_t offset)
{
	size_t at = 0, end;
	int depth = 0, guards = 0;	/* open conditionals, of which include guards */
	const char *d;

	for (; at < offset; at = end + 1) {
		end = line_end(buf, at, offset);
		if (!(d = directive_of(buf, at, end)))
			continue;
		if (directive_is(d, (size_t)(buf + end - d), "ifndef") && depth == guards &&
		    include_guard(buf, d, end, offset)) {
			depth++;
			guards++;
		} else if (directive_is(d, (size_t)(buf + end - d), "if") ||
			   directive_is(d, (size_t)(buf + end - d), "ifdef") ||
			   directive_is(d, (size_t)(buf + end - d), "ifndef")) {
			depth++;
		} else if (directive_is(d, (size_t)(buf + end - d), "endif") && depth) {
			if (depth-- == guards)
				guards--;
		}
	}
	return depth == guards;
}

/* Is the definition c written outside every conditional (include guards aside)? */
static int unguarded(CXTranslationUnit tu, CXCursor c)
{
	CXFile file;
	unsigned offset;
	size_t size;
	const char *buf;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL,
				   NULL, &offset);
	if (!file || !(buf = cal_file_contents(tu, file, &size)) || offset > size)
		return 0;
	return outside_conditionals(buf, offset);
}

/*
 * Is c such a definition that this parse reports: in a device parse whose
 * target has the native one, or in the host parse (nvcc's host pass has the
 * toolkit's definition on every build) where no conditional holds it?
 */
static int reported_here(const struct cal_parse_info *parse, CXCursor c)
{
	if (parse->opencl || !is_double_add_definition(c))
		return 0;
	if (parse->is_host)
		return unguarded(parse->tu, c);
	return parse->arch && parse->arch->sm >= native_sm(parse->cuda_major);
}

/* The cursor at an error's position in the parse, or a null cursor. */
static CXCursor cursor_at(CXTranslationUnit tu, const struct cal_finding *e)
{
	CXFile file = e->range.begin.file ? clang_getFile(tu, e->range.begin.file) : NULL;

	if (!file)
		return clang_getNullCursor();
	return clang_getCursor(tu, clang_getLocationForOffset(tu, file, e->range.begin.offset));
}

size_t cal_arch_claim_redefinitions(const struct cal_parse_info *parse,
				    struct cal_findings *errors)
{
	size_t i, kept = 0, nr = errors->nr;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *e = &errors->items[i];
		if (!strcmp(e->check, CLANG_ERROR) && !strcmp(e->message, REDEFINED) &&
		    reported_here(parse, cursor_at(parse->tu, e))) {
			cal_finding_clear(e);
			continue;
		}
		errors->items[kept++] = *e;
	}
	errors->nr = kept;
	return nr - kept;
}

/*
 * Where the line holding loc (as written, or at its macro's use) starts,
 * if only blanks stand before loc on it; -1 otherwise.
 */
static int line_start_before(CXTranslationUnit tu, CXSourceLocation loc, CXFile *file,
			     unsigned *start)
{
	const char *buf;
	unsigned offset, i;
	size_t size;

	clang_getExpansionLocation(loc, file, NULL, NULL, &offset);
	if (!*file || !(buf = cal_file_contents(tu, *file, &size)) || offset > size)
		return -1;
	for (*start = offset; *start > 0 && buf[*start - 1] != '\n'; (*start)--)
		;
	for (i = *start; i < offset; i++)
		if (buf[i] != ' ' && buf[i] != '\t')
			return -1;
	return 0;
}

/* Does only blank space or a // comment follow loc (written directly) on its line? */
static int rest_of_line_empty(CXTranslationUnit tu, CXSourceLocation loc, CXFile *file,
			      unsigned *offset)
{
	const char *buf;
	size_t size, i;

	if (cal_direct_position(loc, file, NULL, NULL, offset) < 0 ||
	    !(buf = cal_file_contents(tu, *file, &size)) || *offset > size)
		return 0;
	for (i = *offset; i < size && (buf[i] == ' ' || buf[i] == '\t'); i++)
		;
	return i == size || buf[i] == '\n' || buf[i] == '\r' ||
	       (i + 1 < size && buf[i] == '/' && buf[i + 1] == '/');
}

/*
 * The fix: the definition between the guard and '#endif', each on a line
 * of its own.  None where the definition shares its first or last line
 * with other code, or a macro writes its end.
 */
static void add_guard_fix(CXTranslationUnit tu, CXCursor def, unsigned sm,
			  struct cal_finding *f)
{
	CXSourceRange r = clang_getCursorExtent(def);
	CXFile first, last;
	unsigned begin, end;
	struct cal_edit edits[2];
	const char *text, *eol;
	char *open, *close, *desc;

	if (line_start_before(tu, clang_getRangeStart(r), &first, &begin) < 0 ||
	    !rest_of_line_empty(tu, clang_getRangeEnd(r), &last, &end) ||
	    !clang_File_isEqual(first, last) || end < begin ||
	    !(text = cal_file_contents(tu, first, NULL)))
		return;
	eol = begin >= 2 && text[begin - 2] == '\r' ? "\r\n" : "\n";
	open = xasprintf(GUARD "%s", sm * 10, eol);
	close = xasprintf("%s#endif", eol);
	desc = xasprintf("define it only for targets below sm_%u (" GUARD ")", sm, sm * 10);
	if (cal_edit_insert(clang_getLocationForOffset(tu, first, begin), open, &edits[0]) < 0)
		goto out;
	if (cal_edit_insert(clang_getLocationForOffset(tu, last, end), close, &edits[1]) < 0) {
		cal_edit_clear(&edits[0]);
		goto out;
	}
	cal_add_fix_edits(f, desc, edits, 2);
out:
	free(open);
	free(close);
	free(desc);
}

void cal_arch_report_redefinition(struct cal_walk *w, CXCursor c)
{
	const struct cal_parse_info *p = w->parse;
	unsigned sm = native_sm(p->cuda_major);
	struct cal_finding *f;

	if (!reported_here(p, c))
		return;
	f = cal_report_range(w, clang_Cursor_getSpellingNameRange(c, 0, 0),
			     "'atomicAdd(double *, double)' defined here redefines the CUDA "
			     "toolkit's own (its headers define it from sm_%u and in nvcc's host "
			     "pass) when compiled for " CAL_ARCHS_PLACEHOLDER "; only the legacy "
			     "CAS-loop fallback below sm_%u may define it", sm, sm);
	f->archs = p->is_host ? CAL_HOST_BIT
			      : p->arch_mask & ~cal_walk_targets_below(w, sm) & ~CAL_HOST_BIT;
	f->arch_specific = 1;
	add_guard_fix(p->tu, c, sm, f);
}
