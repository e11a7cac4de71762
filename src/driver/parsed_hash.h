/*
 * The driver's side of the rewriter's safety: after a parse's walk, every
 * edit of its findings records the hash of the text clang parsed for the
 * edit's file, so that the rewrite stage, which knows nothing of libclang,
 * can tell a file that changed since (it is then left alone).
 */
#ifndef CUATOMLINT_DRIVER_PARSED_HASH_H
#define CUATOMLINT_DRIVER_PARSED_HASH_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "cuatomlint/finding.h"

/*
 * Fill file_hash of every edit of findings [from, list->nr) from the
 * content clang parsed for tu.
 */
void cal_record_parsed_hashes(CXTranslationUnit tu, struct cal_findings *list, size_t from);

#endif
