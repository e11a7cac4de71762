/*
 * Which system macros does a system header #undef after defining them?
 *
 * libclang's preprocessing record holds macro definitions but no #undef, so
 * the arch replay would take cuda_fp16.h's __HALF2_TO_UI, which the
 * cuda_fp16.hpp it includes #undefs again, for defined.  This answers, for
 * one definition, whether an #undef of its name follows it in its own file
 * or in a file that file includes after it, outside the ranges the parse
 * skipped.  The inclusion stacks are read once, on the first question; a
 * file's text is scanned once, on the first question that needs it.
 */
#ifndef CUATOMLINT_SYS_UNDEF_H
#define CUATOMLINT_SYS_UNDEF_H

#include <clang-c/Index.h>

struct cal_sys_undefs;

struct cal_sys_undefs *cal_sys_undefs_new(CXTranslationUnit tu);
/* 1: the definition def of name is #undef'd later; 0: no #undef found. */
int cal_sys_undefined_after(struct cal_sys_undefs *s, CXCursor def, const char *name);
/* The same for a definition at offset of def_file (NULL: predefined, never #undef'd here). */
int cal_sys_undefined_at(struct cal_sys_undefs *s, CXFile def_file, unsigned offset,
			 const char *name);
void cal_sys_undefs_free(struct cal_sys_undefs *s);

#endif
