#include "volatile_util.h"

#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../fixits/edit.h"
#include "cuatomlint/strbuf.h"

static int is_array_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

int vol_is_unary(CXCursor e, enum CXUnaryOperatorKind op)
{
	return clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(e) == op;
}

int vol_is_volatile_lvalue(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	CXType t;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_ArraySubscriptExpr && !vol_is_unary(e, CXUnaryOperator_Deref))
		return 0;
	t = clang_getCursorType(e);
	return vol_type_is_volatile(t) && !is_array_type(t);
}

int vol_type_is_volatile(CXType t)
{
	/* libclang looks at local qualifiers only: T = volatile int hides behind sugar */
	return clang_isVolatileQualifiedType(t) ||
	       clang_isVolatileQualifiedType(clang_getCanonicalType(t));
}

int vol_is_assignment(CXCursor e, int *compound)
{
	enum CXCursorKind k = clang_getCursorKind(e);

	*compound = k == CXCursor_CompoundAssignOperator;
	if (*compound)
		return 1;
	return k == CXCursor_BinaryOperator &&
	       clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign;
}

CXCursor vol_parent(const struct cal_walk *w, CXCursor c, int *level, CXCursor *below)
{
	int n = *level;
	CXCursor p = cal_walk_parent(w, n);

	*below = c;
	while (clang_getCursorKind(p) == CXCursor_ParenExpr) {
		*below = p;
		p = cal_walk_parent(w, ++n);
	}
	*level = n;
	return p;
}

static int is_template_kind(enum CXCursorKind k)
{
	return k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
	       k == CXCursor_ClassTemplatePartialSpecialization;
}

int vol_in_template_pattern(const struct cal_walk *w)
{
	int i;

	if (w->in_instantiation)
		return 0;
	for (i = 0; i < w->depth; i++)
		if (is_template_kind(clang_getCursorKind(w->stack[i])))
			return 1;
	return !clang_Cursor_isNull(w->function) &&
	       clang_getCursorKind(w->function) == CXCursor_FunctionTemplate;
}

int vol_fix_allowed(const struct cal_walk *w)
{
	return !cal_walk_in_dependent_instantiation(w);
}

int vol_call_named(CXCursor call, const char *name)
{
	return clang_getCursorKind(call) == CXCursor_CallExpr && cal_cursor_name_is(call, name);
}

static int is_barrier_call(CXCursor c)
{
	return vol_call_named(c, "__syncwarp") || vol_call_named(c, "__syncthreads") ||
	       vol_call_named(c, "__syncthreads_count") || vol_call_named(c, "__syncthreads_and") ||
	       vol_call_named(c, "__syncthreads_or") || vol_call_named(c, "sync");
}

static enum CXChildVisitResult barrier_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (is_barrier_call(c)) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

int vol_contains_barrier(CXCursor c)
{
	int found = is_barrier_call(c);

	if (!found)
		clang_visitChildren(c, barrier_visitor, &found);
	return found;
}

static const char *file_buffer(CXTranslationUnit tu, CXFile file, size_t *size)
{
	return clang_getFileContents(tu, file, size);
}

CXSourceRange vol_file_extent(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile bfile, efile;
	unsigned boff, eoff;

	clang_getExpansionLocation(clang_getRangeStart(r), &bfile, NULL, NULL, &boff);
	clang_getExpansionLocation(clang_getRangeEnd(r), &efile, NULL, NULL, &eoff);
	if (!bfile || !efile || !clang_File_isEqual(bfile, efile) || eoff < boff)
		return clang_getNullRange();
	return clang_getRange(clang_getLocationForOffset(tu, bfile, boff),
			      clang_getLocationForOffset(tu, efile, eoff));
}

char *vol_range_text(CXTranslationUnit tu, CXSourceRange r)
{
	CXFile bfile, efile;
	unsigned boff, eoff;
	const char *buf;
	size_t size;

	if (cal_direct_position(clang_getRangeStart(r), &bfile, NULL, NULL, &boff) < 0 ||
	    cal_direct_position(clang_getRangeEnd(r), &efile, NULL, NULL, &eoff) < 0 ||
	    !clang_File_isEqual(bfile, efile) || eoff < boff)
		return NULL;
	buf = file_buffer(tu, bfile, &size);
	if (!buf || eoff > size)
		return NULL;
	return xstrndup(buf + boff, eoff - boff);
}

char *vol_cursor_text(CXTranslationUnit tu, CXCursor c)
{
	return vol_range_text(tu, clang_getCursorExtent(c));
}

char *vol_value_type(CXType t)
{
	CXType u = cal_type_unqualified(t);

	if (clang_isVolatileQualifiedType(clang_getCanonicalType(u)))
		u = cal_type_unqualified(clang_getCanonicalType(u));
	return cal_type_name(u);
}

CXSourceRange vol_statement_range(CXTranslationUnit tu, CXCursor e)
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXFile file;
	unsigned off;
	const char *buf;
	size_t size;

	if (cal_direct_position(clang_getRangeEnd(r), &file, NULL, NULL, &off) < 0)
		return clang_getNullRange();
	buf = file_buffer(tu, file, &size);
	if (!buf)
		return clang_getNullRange();
	while (off < size && strchr(" \t\r\n", buf[off]))
		off++;
	if (off >= size || buf[off] != ';')
		return clang_getNullRange();
	return clang_getRange(clang_getRangeStart(r),
			      clang_getLocationForOffset(tu, file, off + 1));
}

struct include_search {
	CXFile file;
	const char *header;
	int found;
};

static void inclusion_visitor(CXFile included, CXSourceLocation *stack, unsigned len,
			      CXClientData data)
{
	struct include_search *s = data;
	CXFile includer;
	char *name;
	size_t nlen, hlen = strlen(s->header);

	if (!len || s->found)
		return;
	clang_getExpansionLocation(stack[0], &includer, NULL, NULL, NULL);
	if (!includer || !clang_File_isEqual(includer, s->file))
		return;
	name = cal_file_name(included);
	nlen = strlen(name);
	s->found = nlen >= hlen && !strcmp(name + nlen - hlen, s->header) &&
		   (nlen == hlen || name[nlen - hlen - 1] == '/');
	free(name);
}

static int file_includes(CXTranslationUnit tu, CXFile file, const char *header)
{
	struct include_search s = { file, header, 0 };

	clang_getInclusions(tu, inclusion_visitor, &s);
	return s.found;
}

/* Does [p, end) contain needle? (memmem is not C17.) */
static const char *find_in(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);

	for (; p + n <= end; p++)
		if (!memcmp(p, needle, n))
			return p;
	return NULL;
}

/* Does the directive at p (just after '#') start with word? */
static int directive_is(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return (size_t)(end - p) >= n && !strncmp(p, word, n) &&
	       ((size_t)(end - p) == n || !(p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z')));
}

/*
 * The offset just after the last #include line outside any #if block; 0 if
 * none.  Block comments are skipped roughly (a line that opens one without
 * closing it starts a comment that runs to the line holding its end).
 */
static size_t offset_after_includes(const char *buf, size_t size)
{
	size_t i = 0, best = 0;
	int depth = 0, in_comment = 0;

	while (i < size) {
		const char *line = buf + i, *eol = memchr(line, '\n', size - i);
		const char *end = eol ? eol : buf + size, *p = line;
		size_t next = eol ? (size_t)(eol - buf) + 1 : size;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (in_comment) {
			in_comment = !find_in(line, end, "*/");
		} else if (p < end && *p == '#') {
			p++;
			if (directive_is(p, end, "if") || directive_is(p, end, "ifdef") ||
			    directive_is(p, end, "ifndef"))
				depth++;
			else if (directive_is(p, end, "endif") && depth > 0)
				depth--;
			else if (directive_is(p, end, "include") && depth == 0)
				best = next;
		} else {
			const char *open = find_in(line, end, "/*");
			in_comment = open && !find_in(open + 2, end, "*/");
		}
		i = next;
	}
	return best;
}

struct vol_top_entry {
	CXFile file;
	const char *header;	/* NULL: the entry only knows the offset */
	int includes;		/* file includes header */
	size_t offset;		/* offset_after_includes() */
};

void vol_top_memo_release(struct vol_top_memo *memo)
{
	free(memo->items);
	memset(memo, 0, sizeof(*memo));
}

static int same_header(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The memo's entry for (file, header), made on first use. */
static const struct vol_top_entry *top_entry(CXTranslationUnit tu, struct vol_top_memo *memo,
					     CXFile file, const char *header,
					     const char *buf, size_t size)
{
	struct vol_top_entry *e;
	size_t i;

	for (i = 0; i < memo->nr; i++)
		if (clang_File_isEqual(memo->items[i].file, file) &&
		    same_header(memo->items[i].header, header))
			return &memo->items[i];
	GROW(memo->items, memo->alloc, memo->nr + 1);
	e = &memo->items[memo->nr++];
	e->file = file;
	e->header = header;
	e->includes = header && file_includes(tu, file, header);
	e->offset = offset_after_includes(buf, size);
	return e;
}

void vol_add_top_insert(struct cal_fix *fix, CXTranslationUnit tu, struct vol_top_memo *memo,
			CXSourceLocation loc, const char *line, const char *header)
{
	CXFile file;
	const char *buf;
	size_t size, off;
	const char *newline;
	const struct vol_top_entry *known;
	struct cal_edit e;
	struct strbuf text = STRBUF_INIT;

	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	if (!file)
		return;
	buf = file_buffer(tu, file, &size);
	if (!buf)
		return;
	known = top_entry(tu, memo, file, header, buf, size);
	if (known->includes)
		return;
	off = known->offset;
	newline = off >= 2 && buf[off - 2] == '\r' ? "\r\n" : "\n";
	if (off > 0 && buf[off - 1] != '\n')
		strbuf_adds(&text, newline);
	for (; *line; line++) {
		if (*line == '\n')
			strbuf_adds(&text, newline);
		else
			strbuf_addch(&text, *line);
	}
	strbuf_adds(&text, newline);
	if (cal_edit_insert(clang_getLocationForOffset(tu, file, (unsigned)off), text.buf, &e) == 0) {
		cal_fix_add_edit(fix, &e);
		cal_edit_clear(&e);
	}
	strbuf_release(&text);
}

char *vol_subject(CXTranslationUnit tu, CXCursor lvalue)
{
	char *text = vol_cursor_text(tu, lvalue);
	CXCursor base;

	if (text && strlen(text) <= 60 && !strchr(text, '\n'))
		return text;
	free(text);
	base = cal_base_variable(lvalue);
	if (!clang_Cursor_isNull(base))
		return cal_cursor_name(base);
	return xstrdup("object");
}

static enum CXChildVisitResult volatile_read_visitor(CXCursor c, CXCursor parent,
						     CXClientData data)
{
	CXType t = clang_getCursorType(c);

	if (vol_is_volatile_lvalue(c) && clang_getCursorKind(parent) == CXCursor_UnexposedExpr &&
	    !vol_type_is_volatile(clang_getCursorType(parent)) &&
	    clang_getCanonicalType(t).kind != CXType_Record) {
		*(CXCursor *)data = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

CXCursor vol_accessor_read(CXCursor fn)
{
	CXCursor body = clang_getNullCursor(), read = clang_getNullCursor();
	int i, n = cal_nr_children(fn);

	for (i = 0; i < n; i++)
		if (clang_getCursorKind(cal_child(fn, i)) == CXCursor_CompoundStmt)
			body = cal_child(fn, i);
	if (clang_Cursor_isNull(body) || cal_nr_children(body) != 1 ||
	    clang_getCursorKind(cal_child(body, 0)) != CXCursor_ReturnStmt)
		return read;
	clang_visitChildren(cal_child(body, 0), volatile_read_visitor, &read);
	return read;
}
