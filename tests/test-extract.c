/* test-extract.c - the text of content blocks, and page metadata. */
#include "testlib.h"

static char *
text_all(struct page *pg)
{
	/* every element content: the whole visible text */
	uint8_t *all = malloc((size_t)pg->dom->n);
	memset(all, 1, (size_t)pg->dom->n);
	struct buf b;
	buf_init(&b);
	extract_text(pg->dom, all, &b);
	free(all);
	return buf_steal(&b, NULL);
}

static void
test_blocks_and_spaces(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html><body><div>  Lead   text\n\t here <p>Para <b>bold</b>"
		  "<i>it</i>  end.</p> tail <ul><li>one</li><li>two<br>three</li></ul>"
		  "<script>nope()</script><style>.x{}</style><p>a &amp; b &lt;c&gt;"
		  "&nbsp;&nbsp;d</p></div></body></html>");
	char *t = text_all(&pg);
	assert_string_equal(t,
		"Lead text here\n"
		"Para boldit end.\n"
		"tail\n"
		"one\n"
		"two\n"
		"three\n"
		"a & b <c> d\n");
	free(t);
	page_free(&pg);
}

/* The text and spans of every element of pg, with the text nodes
 * collapsed as they come, then from extract_prepare()'s copy: the same,
 * as want says. */
static void
check_prepared(struct page *pg, const char *want)
{
	uint8_t *all = malloc((size_t)pg->dom->n);
	memset(all, 1, (size_t)pg->dom->n);
	struct buf a = { 0 }, b = { 0 };
	size_t nt = (size_t)pg->dom->ntexts + 1;
	struct extract_span *sa = calloc(nt, sizeof *sa), *sb = calloc(nt, sizeof *sb);
	assert_null(pg->dom->collapsed);
	extract_text_spans(pg->dom, all, &a, sa);
	extract_prepare(pg->dom);
	assert_non_null(pg->dom->collapsed);
	extract_text_spans(pg->dom, all, &b, sb);
	assert_string_equal(a.data, want);
	assert_string_equal(b.data, want);
	assert_memory_equal(sa, sb, nt * sizeof *sa);
	free(sa);
	free(sb);
	buf_free(&a);
	buf_free(&b);
	free(all);
}

static void
test_prepared(void **state)
{
	(void)state;
	struct page pg;
	/* white space at either end of a node, nodes of white space only
	 * (ASCII, no-break, ideographic), inline elements with and without
	 * space between, a break, and a block after a pending space */
	test_page(&pg,
		  "<html><body><div>  Lead   text\n\t here <p>Para<b> bold </b>"
		  "<i>it</i>&nbsp;<span>\xe3\x80\x80</span>end.</p> tail <ul><li>one "
		  "</li><li>two<br> three</li></ul><p>a&nbsp;&nbsp;b<b></b>c</p>"
		  "<p><b>x</b> y<i>z</i>\xc2\xa0w </p></div></body></html>");
	check_prepared(&pg,
		"Lead text here\n"
		"Para bold it end.\n"
		"tail\n"
		"one\n"
		"two\n"
		"three\n"
		"a bc\n"
		"x yz w\n");
	page_free(&pg);
}

/* The text of every element of pg into b, and each text node's span
 * in it (freed by the caller). */
static struct extract_span *
spans_of_all(const struct page *pg, struct buf *b)
{
	uint8_t *all = malloc((size_t)pg->dom->n);
	memset(all, 1, (size_t)pg->dom->n);
	struct extract_span *sp = calloc((size_t)pg->dom->ntexts + 1, sizeof *sp);
	extract_text_spans(pg->dom, all, b, sp);
	free(all);
	return sp;
}

/* The one text node of pg whose text is text spans [start, end) of the
 * extracted text. */
static void
expect_span(const struct page *pg, const struct extract_span *sp, const char *text,
	    size_t start, size_t end)
{
	int found = 0;
	for (int t = 0; t < pg->dom->ntexts; t++)
		if (!strcmp(dom_text(pg->dom, t), text)) {
			assert_int_equal(sp[t].start, start);
			assert_int_equal(sp[t].end, end);
			found++;
		}
	assert_int_equal(found, 1);
}

/* A preformatted block keeps its lines and indentation, across the
 * spans of a highlighter and a break; it neither starts nor ends with an
 * empty line, and no line of it ends in spaces or tabs (the parser
 * turns a tab into spaces; a line of nothing else is empty, the last
 * one, before the closing tag, left out); a carriage return is left
 * out; the text around it is collapsed as ever. */
static void
test_pre(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html><body><p>Run   it:</p><pre>\n\n  make  -j2  \r\n\n"
		  "<span class=\"k\">def</span> f(x):\n   \n    <b>return</b> x \t<br>end\n\n   </pre>"
		  "<p>then <code>a  b</code> done</p><pre>\n</pre><pre> \n\t</pre><pre>one</pre>"
		  "</body></html>");
	check_prepared(&pg,
		"Run it:\n"
		"  make  -j2\n"
		"\n"
		"def f(x):\n"
		"\n"
		"    return x\n"
		"end\n"
		"then a b done\n"
		"one\n");
	/* a text's span starts at the line breaks and the spaces held
	 * before it ("def" after "-j2" and the empty line, "return" after
	 * the empty line and its indentation), and a space inside a line is
	 * its own */
	struct buf b = { 0 };
	struct extract_span *sp = spans_of_all(&pg, &b);
	expect_span(&pg, sp, "def", 19, 24);
	expect_span(&pg, sp, " f(x):\n   \n    ", 24, 30);
	expect_span(&pg, sp, "return", 30, 42);
	free(sp);
	buf_free(&b);
	page_free(&pg);
}

static void
test_spans(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><body><p>ab <b>cd</b></p><p>ef</p></body></html>");
	struct buf b = { 0 };
	struct extract_span *sp = spans_of_all(&pg, &b);
	assert_string_equal(b.data, "ab cd\nef\n");
	/* "ab " ends in a pending space, so its span is "ab" */
	expect_span(&pg, sp, "ab ", 0, 2);
	expect_span(&pg, sp, "cd", 3, 5);
	expect_span(&pg, sp, "ef", 6, 8);
	free(sp);
	buf_free(&b);
	page_free(&pg);
}

static void
test_meta_og(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html><head><title>Big news | Daily Paper</title>"
		  "<meta property=\"og:title\" content=\"Big  news today\">"
		  "<meta property=\"og:site_name\" content=\"Daily Paper\">"
		  "<meta property=\"article:published_time\" content=\"2020-01-02T03:04:05Z\">"
		  "<meta name=\"keywords\" content=\"news, big\">"
		  "<meta name=\"description\" content=\"All of it.\">"
		  "<link rel=\"canonical\" href=\"https://paper.example/big\">"
		  "</head><body><h1>Daily Paper</h1><h1>Heading</h1></body></html>");
	/* two h1s, neither in og:title: the shared title stands */
	assert_string_equal(pg.meta.title, "Big news today");
	assert_string_equal(pg.meta.title_from, "og:title");
	assert_string_equal(pg.meta.date, "2020-01-02T03:04:05Z");
	assert_string_equal(pg.meta.keywords, "news, big");
	assert_string_equal(pg.meta.description, "All of it.");
	assert_string_equal(pg.meta.canonical, "https://paper.example/big");
	assert_string_equal(pg.meta.site, "Daily Paper");
	assert_null(pg.meta.author);
	assert_null(pg.meta.modified);
	assert_null(pg.meta.language);
	page_free(&pg);
}

/* The normalised fields and where they came from. */
static void
test_meta_normalised(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg,
		  "<html lang=\"de-DE\"><head><title>Neue Fähre | Hafenblatt</title>"
		  "<meta property=\"og:title\" content=\"Neue Fähre für den Hafen | Hafenblatt\">"
		  "<meta property=\"og:image\" content=\"https://h.example/f.jpg\">"
		  "<meta property=\"article:section\" content=\"Lokales\">"
		  "<meta property=\"article:tag\" content=\"Fähre\">"
		  "<meta property=\"article:tag\" content=\"Hafen\">"
		  "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\","
		  "\"@graph\":[{\"@type\":\"WebSite\",\"name\":\"Hafenblatt\"},"
		  "{\"@type\":\"NewsArticle\",\"headline\":\"Neue F\\u00e4hre\","
		  "\"author\":[{\"@type\":\"Person\",\"name\":\"Jana M\\u00fcller\"},"
		  "{\"@type\":\"Person\",\"name\":\"Ole Berg\"}],"
		  "\"datePublished\":\"2019-11-19 02:24:00 UTC\","
		  "\"dateModified\":\"2019-11-20T01:50:59.403\","
		  "\"publisher\":{\"@type\":\"Organization\",\"name\":\"Hafenblatt GmbH\"}}]}"
		  "</script></head><body><div class=logo><h1>Hafenblatt</h1></div>"
		  "<article><h1>Neue Fähre für den Hafen</h1><p>Text.</p></article></body></html>");
	/* the second h1 is the headline og:title holds, without the site */
	assert_string_equal(pg.meta.title, "Neue Fähre für den Hafen");
	assert_string_equal(pg.meta.title_from, "h1");
	assert_string_equal(pg.meta.author, "Jana Müller; Ole Berg");
	assert_string_equal(pg.meta.author_from, "json-ld");
	assert_string_equal(pg.meta.date, "2019-11-19T02:24:00Z");
	assert_string_equal(pg.meta.date_from, "json-ld");
	assert_string_equal(pg.meta.modified, "2019-11-20T01:50:59");
	assert_string_equal(pg.meta.site, "Hafenblatt GmbH");
	assert_string_equal(pg.meta.language, "de-DE");
	assert_string_equal(pg.meta.image, "https://h.example/f.jpg");
	assert_int_equal(pg.meta.ncategories, 1);
	assert_string_equal(pg.meta.categories[0], "Lokales");
	assert_int_equal(pg.meta.ntags, 2);
	assert_string_equal(pg.meta.tags[1], "Hafen");
	page_free(&pg);

	/* a byline and a visible date in the page's language; the language
	 * read from the script when the page does not declare one */
	test_page(&pg,
		  "<html><body><h1>Паром остаётся</h1><p>Автор: Иван Петров</p>"
		  "<p class=\"date\">14 марта 2024 г.</p><p>Совет проголосовал.</p></body></html>");
	assert_string_equal(pg.meta.author, "Иван Петров");
	assert_string_equal(pg.meta.author_from, "byline");
	assert_string_equal(pg.meta.date, "2024-03-14");
	assert_string_equal(pg.meta.date_from, "text");
	assert_string_equal(pg.meta.language, "ru");
	assert_string_equal(pg.meta.language_from, "script");
	page_free(&pg);

	/* the publication's date before another date the page shows */
	test_page(&pg, "<html lang=de><body><h1>Forum</h1>"
		  "<div class=\"field-event-date\">19.1.23, 10:00 Uhr</div>"
		  "<div class=\"node-post-date\">20.12.2022</div></body></html>");
	assert_string_equal(pg.meta.date, "2022-12-20");
	page_free(&pg);

	/* last, the first dated line outside the page's chrome */
	test_page(&pg, "<html lang=de><body><nav><p>Archiv 01.01.2020</p></nav>"
		  "<div><p>Ort Saarbrücken</p><p>Datum 28.01.2022</p>"
		  "<p>Am 3.2.2022 tagt der Rat.</p></div></body></html>");
	assert_string_equal(pg.meta.date, "2022-01-28");
	assert_string_equal(pg.meta.date_from, "text");
	page_free(&pg);

	/* the page's address dates it when nothing else does */
	test_page(&pg, "<html><body><p>Nothing dated here.</p></body></html>");
	assert_null(pg.meta.date);
	struct page_meta m;
	extract_meta_url(pg.dom, "https://x.example/2021/07/09/story", &m);
	assert_string_equal(m.date, "2021-07-09");
	assert_string_equal(m.date_from, "url");
	extract_meta_free(&m);
	page_free(&pg);
}

/* The canonical address alone, as plain-text runs find it: link
 * rel=canonical first, og:url after it, none when neither is there. */
static void
test_canonical(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "<head><meta property=\"og:url\" content=\"https://a.example/og\">"
		  "<link rel=\"Canonical\" href=\"https://a.example/c\"></head><p>x</p>",
		  "https://a.example/c" },
		{ "<head><meta property=\"og:url\" content=\"https://a.example/og\">"
		  "<link rel=\"canonical\" href=\"\"></head><p>x</p>", "https://a.example/og" },
		{ "<head><link rel=\"alternate\" href=\"https://a.example/alt\"></head><p>x</p>", NULL },
	};
	struct page pg;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		test_page(&pg, cases[i][0]);
		char *c = extract_canonical(pg.dom);
		if (cases[i][1])
			assert_string_equal(c, cases[i][1]);
		else
			assert_null(c);
		/* the same as the whole metadata's */
		if (cases[i][1])
			assert_string_equal(pg.meta.canonical, cases[i][1]);
		else
			assert_null(pg.meta.canonical);
		free(c);
		page_free(&pg);
	}
}

/* Bylines written out, not marked up; prepositions that name no one. */
static void
test_meta_bylines(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "<h1>Big ferry news</h1><p>Posted on May 3, 2021 by jdoe | 4 comments</p>",
		  "jdoe" },
		{ "<h1>Big ferry news</h1><div>VON MORITZ GATHMANN am 21. April 2020</div>",
		  "MORITZ GATHMANN" },
		{ "<h1>Big ferry news</h1><p>Autoren: Jelko Djuren und Jutta Klaukien</p>",
		  "Jelko Djuren und Jutta Klaukien" },
		{ "<h1>Big ferry news</h1><p>Ein Artikel von Pamela Sladky | 27.01.2022</p>",
		  "Pamela Sladky" },
		/* a byline whose text is no name links its author */
		{ "<h1>Resort plan</h1><div class=byline>By <a href=\"/staff/jr\">J.R. Stone</a>"
		  " Thursday, November 9, 2023 7:35AM</div>", "J.R. Stone" },
		/* a label alone, the name in the next block */
		{ "<h1>Quarantäne</h1><dl><dt>Autor</dt><dd><a href=\"/p/1\">Nikolai Huke</a>"
		  "</dd></dl>", "Nikolai Huke" },
		/* a dateline: date | time | name */
		{ "<h1>Stellungnahmen</h1><div><small>04.02.2022 | 13:10 Uhr | Uta Helkenberg"
		  "</small><p>Der Verband hat Stellung genommen.</p></div>", "Uta Helkenberg" },
		/* no h1: the first h2 is the headline */
		{ "<h2>Grenzen</h2><p><i>von Daniela Obers</i></p><p>Grenzen sind gut.</p>",
		  "Daniela Obers" },
		/* Chinese and Japanese bylines: a label, a separator, the name */
		{ "<h1>疫苗获准上市</h1><p>来源：新华网 作者：王小明 2024年3月14日</p>", "王小明" },
		{ "<h1>新しい橋</h1><p>文／山田 太郎</p><p>本文です。</p>", "山田 太郎" },
		/* ... not 作者们 ("the authors"), not a run longer than a name,
		 * not 文 inside 正文 */
		{ "<h1>新桥</h1><p>作者们说明了原因。</p>", NULL },
		{ "<h1>疫苗</h1><p>记者 欧阳小明报道</p>", NULL },
		{ "<h1>疫苗</h1><div>标题 正文 作者</div>", NULL },
		/* a link that is no name; a dateline with two names or none */
		{ "<h1>Resort plan</h1><div class=byline>Filed under <a href=\"/n\">Top news</a>"
		  " on November 9, 2023 7:35AM</div>", NULL },
		/* a first link in capitals, or in a script without capitals,
		 * is no name read by its letters */
		{ "<h1>Camping</h1><div class=byline><a href=\"/ad\">PAID CONTENT</a>"
		  " 9.11.2023, 7:35</div>", NULL },
		{ "<h1>疫苗</h1><div class=byline><a href=\"/n\">世界首个 疫苗获准上市</a>"
		  " 2023-11-09 07:35</div>", NULL },
		{ "<h1>Stellungnahmen</h1><p><small>04.02.2022 | Uta Helkenberg | Jan Koch"
		  "</small></p>", NULL },
		{ "<h1>Hechte</h1><p><small>Schweiz | Jan Koch</small></p>", NULL },
		/* a heading and a sentence with "von" */
		{ "<h1>Leasing von Firmenfahrzeugen</h1><h2>Messung von Treibhausgasen</h2>"
		  "<p>Die Fähre fährt von Hafen zu Hafen.</p>", NULL },
		{ "<h1>Big ferry news</h1><p>Kritisch reisen: Von Mallorca bis Ibiza</p>", NULL },
	};
	struct page pg;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		test_page(&pg, cases[i][0]);
		if (cases[i][1]) {
			if (!pg.meta.author)
				fail_msg("no author in %s", cases[i][0]);
			assert_string_equal(pg.meta.author, cases[i][1]);
			assert_string_equal(pg.meta.author_from, "byline");
		} else if (pg.meta.author) {
			fail_msg("author '%s' in %s", pg.meta.author, cases[i][0]);
		}
		page_free(&pg);
	}
	/* the site's name or a login as author gives way to a person's byline */
	static const char *const weak[] = { "Hafenblatt", "jana.mueller", "wpadmin" };
	for (size_t i = 0; i < sizeof weak / sizeof weak[0]; i++) {
		char html[512];
		snprintf(html, sizeof html, "<html><head><meta name=author content=\"%s\">"
			 "<meta property=og:site_name content=Hafenblatt></head><body>"
			 "<h1>Neue Fähre</h1><p>Von Jana Müller | 3.4.2024</p></body></html>",
			 weak[i]);
		test_page(&pg, html);
		assert_string_equal(pg.meta.author, "Jana Müller");
		page_free(&pg);
	}
	/* a label far from the headline, and what after it is no name;
	 * "Written by" standing alone, the name in the block after it */
	static const char *const far[][2] = {
		{ "<h4>Autor</h4><p><a href=\"/p/1\">Nikolai Huke</a>, Politologe</p>", "Nikolai Huke" },
		{ "<h4>Autor</h4><p>alle Beitr\u00e4ge</p>", NULL },
		{ "<div><p>Written by</p><p>Edzel Tabing</p></div>", "Edzel Tabing" },
		/* the label and the name in one block, an author's box */
		{ "<div class=\"box\"><p>Written by John Crenshaw</p></div>", "John Crenshaw" },
		/* "By" alone opens sentences, and a label must head its block */
		{ "<p>By clicking Subscribe you agree</p>", NULL },
		{ "<p>Our new ferry, written by Jane Doe</p>", NULL },
	};
	struct buf b;
	buf_init(&b);
	for (size_t k = 0; k < sizeof far / sizeof far[0]; k++) {
		b.len = 0;
		buf_adds(&b, "<h1>Quarant\u00e4ne</h1>");
		for (int i = 0; i < 100; i++)
			buf_adds(&b, "<p>Ein Absatz.</p>");
		buf_adds(&b, far[k][0]);
		test_page(&pg, b.data);
		if (far[k][1])
			assert_string_equal(pg.meta.author, far[k][1]);
		else
			assert_null(pg.meta.author);
		page_free(&pg);
	}
	buf_free(&b);
	/* JSON-LD naming its author by @id elsewhere in the graph */
	test_page(&pg, "<html><head><script type=\"application/ld+json\">{\"@graph\":["
		  "{\"@type\":\"Article\",\"author\":{\"@id\":\"#p1\"}},"
		  "{\"@type\":\"Person\",\"@id\":\"#p1\",\"name\":\"Jessie\"}]}"
		  "</script></head><body><p>x</p></body></html>");
	assert_string_equal(pg.meta.author, "Jessie");
	page_free(&pg);
}

static void
test_comments(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<body><article id=a><p>The story itself, kept.</p>"
		  "<span class=comment-count>2 comments</span></article>"
		  "<aside class=widget_recent_comments><p>Recent: Ann on Other story</p></aside>"
		  "<section id=comments><h3>2 thoughts on the story</h3>"
		  "<div class=comment><b>Ann</b> says:<p>Ferries matter to the island, keep them.</p></div>"
		  "<div class=comment><p>Bo: a fair summary of a long meeting.</p></div>"
		  "<form class=comment-form><label>Leave a reply</label><textarea></textarea></form>"
		  "</section></body>");
	uint8_t *c = calloc((size_t)pg.dom->n, 1);
	int a = test_by_id(&pg, "a");
	for (int i = a; i < pg.dom->end[a]; i++)
		c[i] = 1;
	struct buf b;
	buf_init(&b);
	extract_comments(pg.dom, c, NULL, &b);
	assert_string_equal(b.data, "2 thoughts on the story\n"
			    "Ann says:\n"
			    "Ferries matter to the island, keep them.\n"
			    "Bo: a fair summary of a long meeting.\n");
	/* a section the main text keeps is not repeated */
	memset(c, 1, (size_t)pg.dom->n);
	b.len = 0;
	extract_comments(pg.dom, c, NULL, &b);
	assert_int_equal(b.len, 0);
	buf_free(&b);
	free(c);
	page_free(&pg);
}

static void
test_date_iso(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "2019-11-19 02:24:00 UTC", "2019-11-19T02:24:00Z" },
		{ "2019-11-20T01:50:59.403", "2019-11-20T01:50:59" },
		{ "2019-11-19T07:03:25+00:00", "2019-11-19T07:03:25+00:00" },
		{ "2019-11-19T07:03-0500", "2019-11-19T07:03:00-05:00" },
		{ " 2019/11/19", "2019-11-19" },
		{ "20191119", "2019-11-19" },
		{ "2019-02-30", NULL },
		{ "Tuesday", NULL },
		{ "1850-01-01", NULL },
		/* RFC 1123, as feeds and some CMSs write JSON-LD dates */
		{ "Wed, 04 May 2022 02:41:00 GMT", "2022-05-04T02:41:00Z" },
		{ "Tue, 3 May 2022", "2022-05-03" },
		{ "Wed, 31 Feb 2022 02:41:00 GMT", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *r = extract_date_iso(cases[i][0]);
		if (cases[i][1])
			assert_string_equal(r, cases[i][1]);
		else
			assert_null(r);
		free(r);
	}
}

/* One row per language of the month table, and the numeric forms. */
static void
test_date_text(void **state)
{
	(void)state;
	static const char *const cases[][3] = {
		{ "Published 14 March 2024, 10:00", NULL, "2024-03-14" },
		{ "March 14th, 2024", "en", "2024-03-14" },
		{ "Sept. 3, 2021", "en", "2021-09-03" },
		{ "am 14. März 2024 um 9 Uhr", "de", "2024-03-14" },
		{ "MÄRZ: 2. MÄRZ 2024", "de", "2024-03-02" },
		{ "le 1 février 2023", "fr", "2023-02-01" },
		{ "14 de marzo de 2024", "es", "2024-03-14" },
		{ "14 марта 2024 г.", "ru", "2024-03-14" },
		{ "Опубликовано: 3 Января 2022", "ru", "2022-01-03" },
		{ "14 Μαρτίου 2024", "el", "2024-03-14" },
		{ "ΤΡΙΤΗ 14 ΜΑΡΤΙΟΥ 2024", "el", "2024-03-14" },
		{ "Δημοσίευση: 3 Μαΐου 2022, 10:15", "el", "2022-05-03" },
		{ "Αύγουστος 2023", "el", NULL },
		{ "2024年3月14日 10:00", "zh", "2024-03-14" },
		{ "更新 2024年12月1日", "ja", "2024-12-01" },
		{ "14.03.2024", "de", "2024-03-14" },
		{ "14.03.24", "de", "2024-03-14" },
		{ "03/14/2024", "en-US", "2024-03-14" },
		{ "02/10/2020", "en", "2020-02-10" },
		{ "03-09-2026", "en", "2026-03-09" },
		/* a first number above 12 is the day's */
		{ "25/03/2024", "en-US", "2024-03-25" },
		{ "03-09-2026", "nl", "2026-09-03" },
		/* British English writes the day first */
		{ "02/10/2020", "en-GB", "2020-10-02" },
		{ "14/03/2024", "fr", "2024-03-14" },
		{ "2024-03-14", NULL, "2024-03-14" },
		/* year, month name, day: PubMed's citations */
		{ "Cureus. 2023 Jan 7;15(1):e33475.", "en", "2023-01-07" },
		{ "2024 Jun 30", NULL, "2024-06-30" },
		{ "2023 Jan", "en", NULL },
		{ "2023 Feb 30", "en", NULL },
		{ "Nick van Mead 2022-11-23T08:10+02:00", "en", "2022-11-23" },
		{ "2022-11-23Tuesday", "en", NULL },
		{ "31 February 2024", "en", NULL },
		{ "Version 1.2.2024b", NULL, NULL },
		{ "in May we met", "en", NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char out[11] = "";
		bool ok = extract_date_text(cases[i][0], strlen(cases[i][0]), cases[i][1], out);
		if (cases[i][2]) {
			if (!ok)
				fail_msg("no date in '%s'", cases[i][0]);
			assert_string_equal(out, cases[i][2]);
		} else if (ok) {
			fail_msg("'%s' gave %s", cases[i][0], out);
		}
	}
}

/* Which source dates the page: the date shown by the headline when
 * another machine-readable date confirms it or the time zone explains
 * it; the URL before a <time> nothing marks. */
static void
test_meta_date_sources(void **state)
{
	(void)state;
	static const char *const cases[][4] = {
		/* 22:04 UTC is past midnight where the page is read */
		{ "2019-10-18T22:04:00Z", "", "<p class=date>19.10.2019</p>", "2019-10-19 text" },
		/* ... but 10:04 UTC is the 18th in every zone that is a day ahead
		 * at most in the morning: the shown day is some other date */
		{ "2019-10-18T10:04:00Z", "", "<p class=date>19.10.2019</p>",
		  "2019-10-18T10:04:00Z json-ld" },
		/* a morning UTC time is still the evening before further west */
		{ "2022-05-04T02:41:00Z", "", "<p class=date>3 de mayo de 2022</p>", "2022-05-03 text" },
		/* a local time without offset is no instant to move */
		{ "2019-10-18T22:04:00", "", "<p class=date>19.10.2019</p>",
		  "2019-10-18T22:04:00 json-ld" },
		/* updated and shown as of the update: published is the date,
		 * the update is the modified one */
		{ "2021-03-16T16:16:10Z", "2021-03-20T14:00:17Z", "<p class=date>20.03.2021</p>",
		  "2021-03-16T16:16:10Z json-ld" },
		/* a shown date nothing confirms */
		{ "2021-03-16T16:16:10Z", "2021-03-20T14:00:17Z", "<p class=date>25.03.2021</p>",
		  "2021-03-16T16:16:10Z json-ld" },
	};
	struct page pg;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char html[1024], got[128];
		snprintf(html, sizeof html, "<html lang=de><head><script type=\"application/ld+json\">"
			 "{\"@type\":\"NewsArticle\",\"datePublished\":\"%s\"%s%s%s}</script></head>"
			 "<body><h1>Neue F\u00e4hre</h1>%s<p>Der Rat hat entschieden.</p></body></html>",
			 cases[i][0], *cases[i][1] ? ",\"dateModified\":\"" : "", cases[i][1],
			 *cases[i][1] ? "\"" : "", cases[i][2]);
		test_page(&pg, html);
		snprintf(got, sizeof got, "%s %s", pg.meta.date ? pg.meta.date : "-",
			 pg.meta.date_from ? pg.meta.date_from : "-");
		if (strcmp(got, cases[i][3]))
			fail_msg("case %zu: '%s', want '%s'", i, got, cases[i][3]);
		page_free(&pg);
	}
	/* the site's today above the headline confirms nothing */
	test_page(&pg, "<html><head><script type=\"application/ld+json\">"
		  "{\"@type\":\"NewsArticle\",\"datePublished\":\"2019-10-18T22:04:00Z\"}</script>"
		  "</head><body><div class=date>19.10.2019</div><div><h1>Ferry</h1>"
		  "<p>Text.</p></div></body></html>");
	assert_string_equal(pg.meta.date, "2019-10-18T22:04:00Z");
	page_free(&pg);
	/* the URL's date before a <time> nothing marks as the publication's */
	test_page(&pg, "<html><body><h1>Ferry</h1><p>First posted in our forum "
		  "<time datetime=\"2009-04-11T18:06:36\">years ago</time>.</p></body></html>");
	assert_string_equal(pg.meta.date, "2009-04-11T18:06:36");
	/* each address and the date it gives: its path's day, else the
	 * <time>'s */
	static const char *const urls[][3] = {
		{ "https://x.example/2019/10/22/ferry/", "2019-10-22", "url" },
		/* the day first in a path, as European sites write it */
		{ "https://x.example/meldungen/29-10-2021", "2021-10-29", "url" },
		{ "https://x.example/meldungen/31-02-2021", "2009-04-11T18:06:36", "time" },
		/* the month named, in English or another date language */
		{ "https://x.example/blog/2023/october/03/wine-types", "2023-10-03", "url" },
		{ "https://x.example/2023/Okt/3/wein", "2023-10-03", "url" },
		/* a section that is no month, a month with no day after it */
		{ "https://x.example/2023/category/03/x", "2009-04-11T18:06:36", "time" },
		{ "https://x.example/2023/may/wine", "2009-04-11T18:06:36", "time" },
	};
	for (size_t k = 0; k < sizeof urls / sizeof urls[0]; k++) {
		struct page_meta m;
		extract_meta_url(pg.dom, urls[k][0], &m);
		if (strcmp(m.date, urls[k][1]) || strcmp(m.date_from, urls[k][2]))
			print_error("%s: %s (%s)\n", urls[k][0], m.date, m.date_from);
		assert_string_equal(m.date, urls[k][1]);
		assert_string_equal(m.date_from, urls[k][2]);
		extract_meta_free(&m);
	}
	page_free(&pg);
	/* a canonical link whose href is a title, not an address, gives way
	 * to og:url: its path's day is the date */
	test_page(&pg, "<html><head><link rel=\"canonical\" href=\"What are the types of wine?\">"
		  "<meta property=\"og:url\" content=\"https://x.example/blog/2023/october/03/"
		  "wine\"></head><body><h1>Wine</h1><p>Text of 10/03/2023.</p></body></html>");
	assert_string_equal(pg.meta.canonical, "https://x.example/blog/2023/october/03/wine");
	assert_string_equal(pg.meta.date, "2023-10-03");
	page_free(&pg);
}

static void
test_meta_fallbacks(void **state)
{
	(void)state;
	struct page pg;
	/* <title> with the site name stripped; date from time[datetime] */
	test_page(&pg,
		  "<html><head><title>Big news | Daily Paper</title>"
		  "<meta property=\"og:site_name\" content=\"Daily Paper\"></head>"
		  "<body><time datetime=\"2021-05-06\">May</time></body></html>");
	assert_string_equal(pg.meta.title, "Big news");
	assert_string_equal(pg.meta.title_from, "title");
	assert_string_equal(pg.meta.date, "2021-05-06");
	page_free(&pg);
	/* h1; JSON-LD datePublished */
	test_page(&pg,
		  "<html><head><script type=\"application/ld+json\">"
		  "{\"@type\":\"NewsArticle\",\"datePublished\": \"2019-11-12\"}</script>"
		  "</head><body><h1>Only <b>heading</b></h1></body></html>");
	assert_string_equal(pg.meta.title, "Only heading");
	assert_string_equal(pg.meta.title_from, "h1");
	assert_string_equal(pg.meta.date, "2019-11-12");
	page_free(&pg);
	/* a date written near the title, in Chinese */
	test_page(&pg,
		  "<html><body><h1>标题</h1><p>来源：新华网 2018年3月7日 10:00</p>"
		  "</body></html>");
	assert_string_equal(pg.meta.date, "2018-03-07");
	assert_string_equal(pg.meta.date_from, "text");
	assert_null(pg.meta.keywords);
	page_free(&pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks_and_spaces),
		cmocka_unit_test(test_pre),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_prepared),
		cmocka_unit_test(test_meta_og),
		cmocka_unit_test(test_meta_fallbacks),
		cmocka_unit_test(test_meta_normalised),
		cmocka_unit_test(test_meta_bylines),
		cmocka_unit_test(test_canonical),
		cmocka_unit_test(test_comments),
		cmocka_unit_test(test_date_iso),
		cmocka_unit_test(test_date_text),
		cmocka_unit_test(test_meta_date_sources),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
