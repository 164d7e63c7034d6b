/* gen-model.c - writes the C of auto's built-in model (auto_model_builtin,
 * src/auto-model.h) from src/method/auto-model.txt, checked as pith checks a
 * model file at run time.  Run by the build; not installed. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method/auto-model.h"
#include "method/auto-signals.h"
#include "util.h"
#include "file.h"

static const char *const names[F_COUNT] = {
#define F_NAME(id, name, what, zero, fn) name,
	FEATURES(F_NAME)
#undef F_NAME
};
static const char *const ids[F_COUNT] = {
#define F_ID(id, name, what, zero, fn) #id,
	FEATURES(F_ID)
#undef F_ID
};

/* %.9g reads back as the same float: the compiler rounds the constant
 * correctly, as strtof does for a model file. */
static void
put_float(float v)
{
	char s[32];
	snprintf(s, sizeof s, "%.9g", (double)v);
	printf("%s%sf", s, strpbrk(s, ".e") ? "" : ".0");
}

int
main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fputs("usage: gen-model AUTO-MODEL.TXT [AUTO-SITE.TXT]\n", stderr);
		return 2;
	}
	/* the site stage's section, when given, goes after the trees */
	struct buf b;
	char err[256];
	buf_init(&b);
	for (int i = 1; i < argc; i++) {
		struct buf part;
		buf_init(&part);
		if (read_file(argv[i], 64u << 20, &part, err, sizeof err) < 0) {
			fprintf(stderr, "gen-model: %s: %s\n", argv[i], err);
			return 1;
		}
		buf_add(&b, part.data ? part.data : "", part.len);
		if (b.len && b.data[b.len - 1] != '\n')
			buf_addc(&b, '\n');
		buf_free(&part);
	}
	struct auto_model *m = auto_model_parse(b.data ? b.data : "", b.len, names, F_COUNT,
						F_BASE_COUNT, err, sizeof err);
	buf_free(&b);
	if (!m) {
		fprintf(stderr, "gen-model: %s: %s\n", argv[argc - 1], err);
		return 1;
	}
	printf("/* auto-model-builtin.c - auto's built-in model, written by\n"
	       " * tools/gen-model from src/method/auto-model.txt.  Do not edit. */\n"
	       "#include \"config.h\"\n\n#include \"method/auto-model.h\"\n#include \"method/auto-signals.h\"\n\n"
	       "_Static_assert(F_COUNT == %d && F_BASE_COUNT == %d,\n"
	       "\t       \"src/auto-model.txt was read against other features\");\n\n",
	       F_COUNT, F_BASE_COUNT);
	printf("static const float stage1[%d] = {\n", m->nbase);
	for (int k = 0; k < m->nbase; k++) {
		printf("\t[F_%s] = ", ids[k]);
		put_float(m->stage1[k]);
		puts(",");
	}
	printf("};\n\nstatic const int roots[%d] = {", m->ntrees ? m->ntrees : 1);
	for (int t = 0; t < m->ntrees; t++)
		printf("%s%d,", t % 10 ? " " : "\n\t", m->roots[t]);
	printf("\n};\n\nstatic const struct auto_node nodes[%d] = {\n", m->nnodes ? m->nnodes : 1);
	for (int i = 0; i < m->nnodes; i++) {
		const struct auto_node *nd = &m->nodes[i];
		printf("\t{ %d, ", nd->feature);
		put_float(nd->threshold);
		printf(", %d, %d, ", nd->left, nd->right);
		put_float(nd->value);
		puts(" },");
	}
	printf("};\n\n");
	if (m->site) {
		printf("static const float site[%d] = {\n", S_COUNT);
		for (int k = 0; k < S_COUNT; k++) {
			printf("\t");
			put_float(m->site[k]);
			printf(",\t/* %s */\n", site_signal_names[k]);
		}
		printf("};\n\n");
	}
	printf("const struct auto_model auto_model_builtin = {\n"
	       "\t.nfeatures = %d, .nbase = %d,\n\t.stage1 = stage1,\n\t.base = ",
	       m->nfeatures, m->nbase);
	put_float(m->base);
	printf(",\n\t.ntrees = %d, .nnodes = %d,\n\t.roots = roots,\n\t.nodes = nodes,\n"
	       "\t.site = %s,\n};\n", m->ntrees, m->nnodes, m->site ? "site" : "NULL");
	auto_model_free(m);
	return fflush(stdout) == 0 ? 0 : 1;
}
