/* fuzz-rules-eval.c - libFuzzer target: a rule file evaluated against a
 * page, both from the input.  The input is the rule file, a NUL, one
 * settings byte and the page (no NUL: the whole input is the rule and the
 * page is a fixed one).  The page is loaded with the DOM, the rule is
 * parsed and run on it with the CC, auto or line-block method under the
 * page's XPath budget; the text, title and date must be valid UTF-8 with
 * no NUL or control character other than tab and line feed. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "rules/rules.h"
#include "run.h"
#include "rules/xpath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fixed_page[] =
	"<html><head><title>A page | Site</title></head><body>"
	"<div id=\"nav\" class=\"menu\"><a href=\"/\">Home</a></div>"
	"<article class=\"story\"><h1>Headline</h1><time datetime=\"2020-01-02\">2 Jan</time>"
	"<p>First paragraph of the article with enough words to count.</p>"
	"<p>Second paragraph <span class=\"ad\">advert</span> and more.</p></article>"
	"</body></html>";

static void
quiet(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx; (void)file; (void)line; (void)reason;
}

/* Valid UTF-8 with no control character but tab and line feed. */
static void
check_text(const char *s, size_t n)
{
	if (!s)
		return;
	if (utf8_valid_prefix((const unsigned char *)s, n) != n)
		abort();
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t' && s[i] != '\n')
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t rlen = nul ? (size_t)(nul - data) : size;
	uint8_t sel = nul && rlen + 1 < size ? data[rlen + 1] : 0;
	const char *page = fixed_page;
	size_t plen = sizeof fixed_page - 1;
	if (nul && rlen + 2 <= size) {
		page = (const char *)data + rlen + 2;
		plen = size - rlen - 2;
	}
	struct page_opts po;
	page_opts_default(&po);
	po.dom.max_depth = 200;     /* keep deep-nesting inputs quick */
	struct page pg;
	char err[256];
	if (page_load_bytes(&pg, "page", page, plen, &po, true, err, sizeof err) < 0) {
		page_free(&pg);
		return 0;
	}
	int nerr = 0;
	struct rule *r = rule_parse((const char *)data, rlen, "fuzz.example.com.txt",
				    quiet, NULL, &nerr);
	if (r) {
		const struct method *const algos[] = { &method_cc, &method_auto, &method_lb };
		struct params p;
		params_default(&p);
		struct run run;
		run_init(&run);
		struct run_input in = { .method = algos[sel % 3], .params = &p, .index = -1,
					.rule = r, .diag = quiet, .ftr_only = (sel >> 2) & 1 };
		run_page(&run, &pg, &in);
		check_text(run.text.data, run.text.len);
		if (run.rule && run.outcome.title)
			check_text(run.outcome.title, strlen(run.outcome.title));
		if (run.rule && run.outcome.date)
			check_text(run.outcome.date, strlen(run.outcome.date));
		run_free(&run);
		rule_free(r);
	}
	page_free(&pg);
	return 0;
}
