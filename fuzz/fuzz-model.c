/* fuzz-model.c - libFuzzer target: the auto method's model-file parser.
 * The input is a model file, read against pith's feature names; a model
 * it accepts is walked from every root with a sample of zeros and of
 * ones, which must reach a leaf within the tree's node count (no cycle,
 * every index in range). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "method/auto-model.h"
#include "method/auto-signals.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
walk(const struct auto_model *m, float v)
{
	float x[F_COUNT];
	for (int k = 0; k < F_COUNT; k++)
		x[k] = v;
	for (int t = 0; t < m->ntrees; t++) {
		int i = m->roots[t], steps = 0;
		if (i < 0 || i >= m->nnodes)
			abort();
		while (m->nodes[i].feature >= 0) {
			const struct auto_node *nd = &m->nodes[i];
			if (nd->feature >= F_COUNT || ++steps > AUTO_MODEL_MAX_TREE_NODES)
				abort();
			i = x[nd->feature] <= nd->threshold ? nd->left : nd->right;
			if (i < 0 || i >= m->nnodes)
				abort();
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	struct auto_model *m = auto_model_parse((const char *)data, size, feature_names,
						F_COUNT, F_BASE_COUNT, err, sizeof err);
	if (m) {
		if (m->nbase != F_BASE_COUNT || m->nfeatures != F_COUNT)
			abort();
		walk(m, 0);
		walk(m, 1);
		auto_model_free(m);
	} else if (!err[0]) {
		abort();        /* a refusal always says why */
	}
	return 0;
}
