/*
 * What memory an atomic's address names, for scope-mismatch.
 *
 * An address (a pointer expression, or an lvalue for atomic_ref and
 * cuda::atomic) is traced back to the variable it is based on: through &,
 * *, subscripts, pointer arithmetic, member access, casts, and the
 * initializers of local pointers and references.  The variable decides the
 * memory: __shared__ (shared), a __device__ variable or a pointer
 * parameter of a __global__ kernel (global), an automatic variable
 * (local), anything else unknown.
 *
 * A pointer loaded from a member (s.p, f->p, an implicit this->p) is based
 * on the member: global memory when the object holding it is (a kernel's
 * by-value parameter, a __device__ variable), decided by the callers when
 * the object is the function's 'this' (via_this).
 *
 * The offsets applied on the way are kept as text (blanks removed, zero
 * offsets dropped) so two accesses can be compared: 'p', '&p[0]' and '*p'
 * are the same object.  per_block says whether the address depends on
 * blockIdx by arithmetic (p[blockIdx.x], p + blockIdx.x * n + threadIdx.x),
 * which makes the object private to a block; a value loaded from memory
 * (hist[in[i]]) does not count, since any block may load any value, nor
 * does a fold of the block index (blockIdx.x / 2, blockIdx.x >> 1,
 * blockIdx.x % k): several blocks then share one element, and fold names
 * the expression that folds them.
 */
#ifndef CUATOMLINT_CHECKS_SCOPE_ADDRESS_H
#define CUATOMLINT_CHECKS_SCOPE_ADDRESS_H

#include <clang-c/Index.h>

#include "cuatomlint/strbuf.h"

enum cal_origin {
	CAL_ORIGIN_UNKNOWN,
	CAL_ORIGIN_SHARED,
	CAL_ORIGIN_GLOBAL,
	CAL_ORIGIN_LOCAL,
};

struct cal_object {
	CXCursor base;		/* the variable or field (declaration cursor), or null */
	struct strbuf offset;	/* "" for the variable or pointee itself */
	enum cal_origin origin;
	int per_block;
	CXCursor fold;		/* !per_block: the fold of blockIdx in the offset, or null */
	/*
	 * The address is reached through the 'this' of the member function it
	 * is in (a member of the object, or what a pointer member points to):
	 * its memory is decided by the callers, as for a parameter.
	 */
	int via_this;
};

void cal_object_init(struct cal_object *o);
void cal_object_release(struct cal_object *o);
/* Trace a pointer expression / an lvalue expression; o must be initialized. */
void cal_object_of_pointer(CXTranslationUnit tu, CXCursor e, struct cal_object *o);
void cal_object_of_lvalue(CXTranslationUnit tu, CXCursor e, struct cal_object *o);
/* Same variable (canonically) and the same offset text. */
int cal_object_same(const struct cal_object *a, const struct cal_object *b);
/* Does e depend on blockIdx by arithmetic (not through loaded data)? */
int cal_depends_on_block(CXCursor e);
/*
 * The same; when it does not, *fold is the division, shift or remainder
 * that mapped several blocks onto one value (null if there was none).
 */
int cal_block_fold(CXCursor e, CXCursor *fold);

/*
 * Both 'b / n' and 'b % n' of one index among folds: a decomposition
 * (i3 = blockIdx.y / ne2, i2 = blockIdx.y % ne2) that the address puts back
 * together, one block's (or work-group's) own element.
 */
int cal_folds_decomposed(const CXCursor *folds, int nr);

#endif
