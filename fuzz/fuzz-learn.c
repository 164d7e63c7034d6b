/* fuzz-learn.c - libFuzzer target: a site rule learnt from pages given in
 * the input.  The input is one to three pages separated by NUL bytes;
 * the first byte chooses the method (auto or cc).  The rule learnt must
 * read back as it was written with no problem, every expression in it
 * must compile, and applying it must give valid UTF-8. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/learn.h"
#include "page.h"
#include "rules/rules.h"
#include "run.h"
#include "rules/xpath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
count(void *ctx, const char *file, int line, const char *reason)
{
	(void)file; (void)line; (void)reason;
	(*(int *)ctx)++;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2 || size > 200000)
		return 0;
	const struct method *m = data[0] & 1 ? &method_cc : METHOD_DEFAULT;
	data++;
	size--;
	struct page pg[3];
	struct learn_page lp[3];
	int n = 0;
	struct page_opts o;
	page_opts_default(&o);
	size_t at = 0;
	while (n < 3 && at <= size) {
		const uint8_t *nul = memchr(data + at, 0, size - at);
		size_t len = nul ? (size_t)(nul - (data + at)) : size - at;
		char err[256];
		if (page_load_bytes(&pg[n], "fuzz", (const char *)data + at, len, &o, true, err,
				    sizeof err) == 0 && pg[n].dom) {
			lp[n] = (struct learn_page){ .pg = &pg[n] };
			n++;
		} else {
			page_free(&pg[n]);
		}
		if (!nul)
			break;
		at += len + 1;
	}
	struct params p;
	params_default(&p);
	struct learn_out out;
	char err[256];
	if (n > 0 && learn_rule(lp, n, "https://fuzz.example/a", m, &p, NULL, &out, err,
				sizeof err) == 0) {
		struct buf w;
		buf_init(&w);
		rule_write(out.rule, false, &w);
		int problems = 0;
		struct rule *back = rule_parse(w.data ? w.data : "", w.len, "fuzz.example.txt",
					       count, &problems, NULL);
		/* what pith writes reads back without a problem, and compiles */
		if (problems || rule_check(back, count, &problems) || problems)
			abort();
		for (int i = 0; i < n; i++) {
			struct run r;
			run_init(&r);
			struct run_input in = { .method = m, .params = &p, .index = -1, .rule = back };
			run_page(&r, &pg[i], &in);
			if (utf8_valid_prefix((const unsigned char *)r.text.data, r.text.len) != r.text.len)
				abort();
			run_free(&r);
		}
		rule_free(back);
		buf_free(&w);
		learn_out_free(&out);
	}
	for (int i = 0; i < n; i++)
		page_free(&pg[i]);
	return 0;
}
