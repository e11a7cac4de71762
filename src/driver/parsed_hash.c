#include "driver/parsed_hash.h"

#include <stdint.h>
#include <string.h>

#include "util/hash.h"
#include "parse/ast.h"

/* The hash of one file as tu holds it, or 0 if tu does not know the file. */
static uint64_t parsed_hash(CXTranslationUnit tu, const char *path)
{
	CXFile file = clang_getFile(tu, path);
	const char *data;
	size_t size = 0;

	if (!file || !(data = cal_file_contents(tu, file, &size)))
		return 0;
	return cal_content_hash(data, size);
}

void cal_record_parsed_hashes(CXTranslationUnit tu, struct cal_findings *list, size_t from)
{
	const char *last = NULL;
	uint64_t hash = 0;
	size_t i, j, k;

	for (i = from; i < list->nr; i++) {
		struct cal_finding *fd = &list->items[i];
		for (j = 0; j < fd->nr_fixes; j++) {
			for (k = 0; k < fd->fixes[j].nr_edits; k++) {
				struct cal_edit *e = &fd->fixes[j].edits[k];
				if (!last || strcmp(last, e->file)) {
					last = e->file;
					hash = parsed_hash(tu, e->file);
				}
				e->file_hash = hash;
			}
		}
	}
}
