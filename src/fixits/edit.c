#include "fixits/edit.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"

int cal_direct_position(CXSourceLocation loc, CXFile *file, unsigned *line,
			unsigned *column, unsigned *offset)
{
	CXFile sfile;
	unsigned soffset;

	clang_getExpansionLocation(loc, file, line, column, offset);
	clang_getSpellingLocation(loc, &sfile, NULL, NULL, &soffset);
	if (!*file || !sfile || !clang_File_isEqual(*file, sfile) || soffset != *offset)
		return -1;
	return 0;
}

void cal_edit_span(const struct cal_pos *begin, const struct cal_pos *end, const char *text,
		   struct cal_edit *out)
{
	memset(out, 0, sizeof(*out));
	out->file = xstrdup(begin->file);
	out->offset = begin->offset;
	out->length = end->offset - begin->offset;
	out->replacement = xstrdup(text);
	out->line = begin->line;
	out->column = begin->column;
	out->end_line = end->line;
	out->end_column = end->column;
}

int cal_edit_replace(CXSourceRange r, const char *text, struct cal_edit *out)
{
	CXFile bfile, efile;
	struct cal_pos b, e;

	memset(out, 0, sizeof(*out));
	if (cal_direct_position(clang_getRangeStart(r), &bfile, &b.line, &b.column, &b.offset) < 0 ||
	    cal_direct_position(clang_getRangeEnd(r), &efile, &e.line, &e.column, &e.offset) < 0 ||
	    !clang_File_isEqual(bfile, efile) || e.offset < b.offset)
		return -1;
	b.file = cal_file_name(bfile);
	e.file = NULL;
	cal_edit_span(&b, &e, text, out);
	free(b.file);
	return 0;
}

int cal_edit_insert(CXSourceLocation loc, const char *text, struct cal_edit *out)
{
	return cal_edit_replace(clang_getRange(loc, loc), text, out);
}

int cal_edit_replace_cursor(CXCursor c, const char *text, struct cal_edit *out)
{
	return cal_edit_replace(clang_getCursorExtent(c), text, out);
}

void cal_edit_clear(struct cal_edit *e)
{
	free(e->file);
	free(e->replacement);
	memset(e, 0, sizeof(*e));
}

int cal_add_simple_fix(struct cal_finding *f, const char *description,
		       CXSourceRange r, const char *text)
{
	struct cal_edit e;
	struct cal_fix *fix;

	if (cal_edit_replace(r, text, &e) < 0)
		return -1;
	fix = cal_finding_add_fix(f, description);
	cal_fix_add_edit(fix, &e);
	cal_edit_clear(&e);
	return 0;
}

int cal_add_fix_edits(struct cal_finding *f, const char *description,
		      struct cal_edit *edits, int n)
{
	struct cal_fix *fix;
	int i, ok = n > 0;

	for (i = 0; i < n; i++)
		ok &= edits[i].file != NULL;
	if (ok) {
		fix = cal_finding_add_fix(f, description);
		for (i = 0; i < n; i++)
			cal_fix_add_edit(fix, &edits[i]);
	}
	for (i = 0; i < n; i++)
		cal_edit_clear(&edits[i]);
	return ok ? 0 : -1;
}

int cal_edit_replace_bytes(CXTranslationUnit tu, CXSourceLocation loc, unsigned len,
			   const char *text, struct cal_edit *out)
{
	CXFile file;
	unsigned offset;
	CXSourceLocation end;

	clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
	if (!file)
		return -1;
	end = clang_getLocationForOffset(tu, file, offset + len);
	return cal_edit_replace(clang_getRange(loc, end), text, out);
}

int cal_edit_macro_use(CXTranslationUnit tu, CXCursor c, const char *name, const char *text,
		       struct cal_edit *out)
{
	CXSourceRange r = clang_getCursorExtent(c);
	char *written = cal_range_text(tu, r, CAL_TEXT_MACRO_USES);
	int same = written && !strcmp(written, name);
	CXFile bfile, efile;
	struct cal_pos b, e;

	free(written);
	memset(out, 0, sizeof(*out));
	if (!same)
		return -1;
	clang_getExpansionLocation(clang_getRangeStart(r), &bfile, &b.line, &b.column, &b.offset);
	clang_getExpansionLocation(clang_getRangeEnd(r), &efile, &e.line, &e.column, &e.offset);
	b.file = cal_file_name(bfile);
	e.file = NULL;
	cal_edit_span(&b, &e, text, out);
	free(b.file);
	return 0;
}

int cal_edit_rename(CXTranslationUnit tu, CXCursor ref, const char *text,
		    struct cal_edit *out)
{
	char *name = cal_cursor_name(clang_getCursorReferenced(ref));
	int r = cal_edit_replace_bytes(tu, clang_getCursorLocation(ref),
				       (unsigned)strlen(name), text, out);
	free(name);
	return r;
}

/* Where an end of a range is read (cal_text_macros): 0, or -1. */
static int text_position(CXSourceLocation loc, enum cal_text_macros macros, CXFile *file,
			 unsigned *offset)
{
	if (macros == CAL_TEXT_NO_MACROS)
		return cal_direct_position(loc, file, NULL, NULL, offset);
	clang_getExpansionLocation(loc, file, NULL, NULL, offset);
	return *file ? 0 : -1;
}

char *cal_range_text(CXTranslationUnit tu, CXSourceRange r, enum cal_text_macros macros)
{
	CXFile bfile, efile;
	unsigned b, e;
	const char *text;
	size_t size;

	if (text_position(clang_getRangeStart(r), macros, &bfile, &b) < 0 ||
	    text_position(clang_getRangeEnd(r), macros, &efile, &e) < 0 ||
	    !clang_File_isEqual(bfile, efile) || e < b)
		return NULL;
	text = cal_file_contents(tu, bfile, &size);
	if (!text || e > size)
		return NULL;
	return xstrndup(text + b, e - b);
}

char *cal_cursor_text(CXTranslationUnit tu, CXCursor c, enum cal_text_macros macros)
{
	return cal_range_text(tu, clang_getCursorExtent(c), macros);
}

/*
 * Where r's line starts (*line) and r begins (*begin, *end) in its file, if
 * r is written directly and only blanks stand before it on its line.
 */
static const char *own_line(CXTranslationUnit tu, CXSourceRange r, CXFile *file,
			    unsigned *line, unsigned *begin, unsigned *end)
{
	CXFile end_file;
	const char *buf;
	size_t size;
	unsigned i;
	char *written = clang_Range_isNull(r) ? NULL : cal_range_text(tu, r, CAL_TEXT_NO_MACROS);

	if (!written)
		return NULL;
	free(written);
	if (cal_direct_position(clang_getRangeStart(r), file, NULL, NULL, begin) < 0 ||
	    cal_direct_position(clang_getRangeEnd(r), &end_file, NULL, NULL, end) < 0 ||
	    !clang_File_isEqual(*file, end_file) ||
	    !(buf = cal_file_contents(tu, *file, &size)) || *end > size)
		return NULL;
	for (*line = *begin; *line > 0 && buf[*line - 1] != '\n'; (*line)--)
		;
	for (i = *line; i < *begin; i++)
		if (buf[i] != ' ' && buf[i] != '\t')
			return NULL;
	return buf;
}

int cal_edit_line_after(CXTranslationUnit tu, CXSourceRange r, const char *text,
			struct cal_edit *out)
{
	CXFile file;
	unsigned line, begin, end;
	const char *buf = own_line(tu, r, &file, &line, &begin, &end);
	char *s;
	int rc;

	if (!buf)
		return -1;
	s = xasprintf("%s%.*s%s", line >= 2 && buf[line - 2] == '\r' ? "\r\n" : "\n",
		      (int)(begin - line), buf + line, text);
	rc = cal_edit_insert(clang_getLocationForOffset(tu, file, end), s, out);
	free(s);
	return rc;
}

int cal_edit_line_before(CXTranslationUnit tu, CXSourceRange r, const char *text,
			 struct cal_edit *out)
{
	CXFile file;
	unsigned line, begin, end;
	const char *buf = own_line(tu, r, &file, &line, &begin, &end);
	char *s;
	int rc;

	if (!buf)
		return -1;
	s = xasprintf("%s%s%.*s", text, line >= 2 && buf[line - 2] == '\r' ? "\r\n" : "\n",
		      (int)(begin - line), buf + line);
	rc = cal_edit_insert(clang_getLocationForOffset(tu, file, begin), s, out);
	free(s);
	return rc;
}
