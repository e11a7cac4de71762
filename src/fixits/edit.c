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

int cal_edit_replace(CXSourceRange r, const char *text, struct cal_edit *out)
{
	CXFile bfile, efile;
	unsigned bline, bcol, boff, eline, ecol, eoff;

	memset(out, 0, sizeof(*out));
	if (cal_direct_position(clang_getRangeStart(r), &bfile, &bline, &bcol, &boff) < 0 ||
	    cal_direct_position(clang_getRangeEnd(r), &efile, &eline, &ecol, &eoff) < 0 ||
	    !clang_File_isEqual(bfile, efile) || eoff < boff)
		return -1;
	out->file = cal_file_name(bfile);
	out->offset = boff;
	out->length = eoff - boff;
	out->replacement = xstrdup(text);
	out->line = bline;
	out->column = bcol;
	out->end_line = eline;
	out->end_column = ecol;
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
