/* test-meta.c - title, author and date as a reader expects them: which
 * source wins, what is cleaned off, what is no value at all. */
#include "testlib.h"

#define HEAD "<html><head>"
#define BODY "</head><body><h1>Ferry stays on the river</h1>"
#define END "<p>The council voted to keep the ferry running for another ten years.</p></body></html>"

/* The author of html, or "" for none. */
static void
expect_author(const char *html, const char *author, const char *from)
{
	struct page pg;
	test_page(&pg, html);
	if (!author) {
		if (pg.meta.author)
			fail_msg("author '%s' (%s) where none was expected", pg.meta.author,
				 pg.meta.author_from);
	} else {
		if (!pg.meta.author)
			fail_msg("no author where '%s' was expected", author);
		assert_string_equal(pg.meta.author, author);
		if (from)
			assert_string_equal(pg.meta.author_from, from);
	}
	page_free(&pg);
}

static void
test_author_source_order(void **state)
{
	(void)state;
	/* a lower-priority tag planted with another value does not win,
	 * wherever it stands */
	expect_author(HEAD "<meta name=\"parsely-author\" content=\"FAIL\">"
		      "<meta name=\"author\" content=\"Jenny Smith\">" BODY END,
		      "Jenny Smith", "meta");
	expect_author(HEAD "<meta property=\"article:author\" content=\"Jenny Smith\">"
		      "<meta name=\"author\" content=\"FAIL\">" BODY END,
		      "Jenny Smith", "meta");
	/* JSON-LD's person before every tag */
	expect_author(HEAD "<meta name=\"author\" content=\"FAIL\">"
		      "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Jenny Smith\"}}</script>" BODY END,
		      "Jenny Smith", "json-ld");
	/* two sources against one */
	expect_author(HEAD "<meta property=\"article:author\" content=\"FAIL\">"
		      "<meta name=\"author\" content=\"Jenny Smith\">"
		      "<meta name=\"dc.creator\" content=\"Jenny Smith\">" BODY END,
		      "Jenny Smith", "meta");
	/* where they disagree, the one the page shows in its byline */
	expect_author(HEAD "<meta property=\"article:author\" content=\"FAIL\">"
		      "<meta name=\"author\" content=\"Jenny Smith\">" BODY
		      "<p class=\"byline\">By Jenny Smith</p>" END,
		      "Jenny Smith", "meta");
	/* a link preview's "Written by" and its value, whichever pair
	 * holds it; another label's value ("Est. reading time") is none */
	expect_author(HEAD "<meta name=\"twitter:label1\" content=\"Est. reading time\">"
		      "<meta name=\"twitter:data1\" content=\"4 minutes\">"
		      "<meta name=\"twitter:label2\" content=\"Written by\">"
		      "<meta name=\"twitter:data2\" content=\"Nawaz Dhandala\">" BODY END,
		      "Nawaz Dhandala", "meta");
	expect_author(HEAD "<meta name=\"twitter:label1\" content=\"Est. reading time\">"
		      "<meta name=\"twitter:data1\" content=\"Jenny Smith\">" BODY END, NULL, NULL);
	/* ... over a byline that names another, as any tag in the head */
	expect_author(HEAD "<meta name=\"twitter:label1\" content=\"Written by\">"
		      "<meta name=\"twitter:data1\" content=\"Andrew Liptak\">" BODY
		      "<p class=\"byline\">By Transfer Orbit</p>" END, "Andrew Liptak", "meta");
}

static void
test_author_not_a_name(void **state)
{
	(void)state;
	/* a label over a form's field is no byline, nor its buttons a
	 * name; a label over a name is */
	expect_author(HEAD BODY "<div class=\"menu\"><div>Von:</div><input type=\"text\" "
		      "name=\"users\"><div><a href=\"/search/\">Filter</a> <button>Suche</button>"
		      "</div></div>" END, NULL, NULL);
	expect_author(HEAD BODY "<div class=\"menu\"><div>Von:</div><div><a href=\"/u/jd\">"
		      "Jane Doe</a></div></div>" END, "Jane Doe", "byline");
	/* a reading time, a label, a symbol are no names */
	expect_author(HEAD "<meta name=\"author\" content=\"10mins read\">" BODY END, NULL, NULL);
	expect_author(HEAD BODY "<div class=\"author\">The Author</div>" END, NULL, NULL);
	expect_author(HEAD BODY "<div class=\"author\">\u2709 *Corresponding</div>" END, NULL, NULL);
	expect_author(HEAD BODY "<div class=\"byline\">Jun 2 Written by</div>" END, NULL, NULL);
	/* initials are an avatar's where the name is written out too, and
	 * the author where they are all there is (an agency's "LD") */
	expect_author(HEAD BODY "<div class=\"author-avatar\">CM</div>"
		      "<div class=\"author-name\">Craig McCarthy</div>" END, "Craig McCarthy", "byline");
	expect_author(HEAD BODY "<div class=\"author\">LD</div>" END, "LD", "byline");
	expect_author(HEAD BODY "<div class=\"author\">Full Bio</div>" END, NULL, NULL);
	/* a share button's network is no name */
	expect_author(HEAD BODY "<div class=\"author-share\"><a href=\"/s\">Facebook</a></div>" END,
		      NULL, NULL);
	expect_author(HEAD "<meta name=\"author\" content=\"LinkedIn\">" BODY END, NULL, NULL);
	/* an address written for people is no name */
	expect_author(HEAD "<meta name=\"author\" content=\"Web Commerce GmbH www.w-commerce.de\">"
		      BODY END, NULL, NULL);
	expect_author(HEAD "<meta name=\"author\" content=\"cipha[at]cipha.net\">" BODY END,
		      NULL, NULL);
	/* a reference left escaped in JSON-LD */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"BlogPosting\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Maria &amp; Katerina\"}}</script>"
		      BODY END, "Maria & Katerina", "json-ld");
}

static void
test_author_cleaned(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "Sep 16Written by Jon Norris", "Jon Norris" },
		{ "Posted by:Idle Cartulary", "Idle Cartulary" },
		{ "Brian Becker7 min read", "Brian Becker" },
		{ "Brian Becker 7 min read", "Brian Becker" },
		{ "Haley Hoekstra \u2022 March 3", "Haley Hoekstra" },
		{ "Matteo Laratta| Author", "Matteo Laratta" },
		{ "AuthorIsaiah Shelton", "Isaiah Shelton" },
		{ "Keith Barry Senior Autos Reporter", "Keith Barry" },
		{ "\"David Kim\"", "David Kim" },
		{ "A. J. Neal View", "A. J. Neal" },
		{ "By Mira Okafor, local affairs reporter · 14 March 2024", "Mira Okafor" },
		{ "Post by Jane Doe \u00bb Tue Aug 27, 2024 9:14 am", "Jane Doe" },
		{ "Authored by: Dr. Ehsan Jazini", "Dr. Ehsan Jazini" },
		{ "Written by: Jane Doe", "Jane Doe" },
		{ "Beitragvon r23 \u00bb 12.03.2019", "r23" },
		{ "Jane Doe \u25cf December 23, 2025 \u25cf", "Jane Doe" },
		{ "By Jane Doe \u22c5 Review Editor", "Jane Doe" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char html[512];
		snprintf(html, sizeof html, HEAD BODY "<div class=\"byline\">%s</div>" END,
			 cases[i][0]);
		expect_author(html, cases[i][1], "byline");
	}
	/* the label, the name and the day it was written in one line: the
	 * byline's name, not an author box's further down */
	expect_author(HEAD BODY "<p class=\"byline__author\">VON <a href=\"/a/mg\">MORITZ "
		      "GATHMANN</a> am 21. April 2020</p><div class=\"author-box\">"
		      "<p>Kontakt Redaktion</p></div>" END, "MORITZ GATHMANN", "byline");
	expect_author(HEAD BODY "<p class=\"byline\">By Jane Doe on 3 March 2021</p>"
		      "<div class=\"author-box\"><p>Kontakt Redaktion</p></div>" END, "Jane Doe", "byline");
	/* a degree after the comma is part of the name */
	expect_author(HEAD BODY "<div class=\"author-info\"><a href=\"/a/sl\"><img alt=\"\" src=\"x.png\">"
		      "</a><div>By <a href=\"/a/sl\">Shelby Loos, DVM</a>. Reviewed by <a href=\"/a/mp\">"
		      "Molly Price, DVM</a></div></div>" END, "Shelby Loos, DVM", "byline");
	/* the first author's line holds more than the name: it is still
	 * the author's, and the link on it says which part; not the
	 * second author's line, which cleans into a name */
	expect_author(HEAD BODY "<div class=\"article-byline\"><strong>Written by</strong><br>"
		      "<strong><a href=\"/a/ar\">Adrien Ramirez</a></strong>, 4+ years covering "
		      "hardware<br><strong><a href=\"/a/jn\">Joanna Nelius</a></strong>, senior "
		      "editor</div>" END, "Adrien Ramirez", "byline");
	/* a name and a role in two blocks are two lines, not one word */
	expect_author(HEAD BODY "<div class=\"author\"><div>Meghan Neville</div>"
		      "<div>Content Marketing Coordinator</div></div>" END, "Meghan Neville", "byline");
	/* ... and so are a name and a role a line break sets apart */
	expect_author(HEAD BODY "<div class=\"author\"><span>By</span> <a href=\"/s/aa\">Adam "
		      "Aaronson</a><br><span>PhillyVoice Staff</span></div>" END,
		      "Adam Aaronson", "byline");
	/* a breadcrumb's first step marked "author" is no one */
	expect_author(HEAD BODY "<div class=\"author-trail\">Home \u00bb Services \u00bb "
		      "Audits</div>" END, NULL, NULL);
}

/* The byline reads on past the name, into the date, the role or the
 * paper, with no separator between: the element that holds the name
 * alone says where it ends. */
static void
test_author_name_element(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		/* the name's link, then the date in the next element */
		{ HEAD "</head><body><p class=\"meta\"><span>By <a href=\"/p/sg\">Sofia Gonzalez</a>"
		  "</span> <span>December 2, 2025</span></p><h1>Ferry stays on the river</h1>" END,
		  "Sofia Gonzalez" },
		/* a role glued on, and a role with a space */
		{ HEAD BODY "<div class=\"article__author\"><span>Mateusz Haberny</span>"
		  "<span>Founder at Oakywood</span></div>" END, "Mateusz Haberny" },
		{ HEAD BODY "<div class=\"author-line\"><span>Written By:</span> <span><a href=\"/a/cl\">"
		  "Celeste Longacre</a></span> <span>Gardener &amp; Astrologer</span></div>" END,
		  "Celeste Longacre" },
		{ HEAD BODY "<div class=\"byline-section\"><span><a href=\"/s/bt\">Brian Truitt</a>"
		  "</span> <span>USA TODAY</span></div>" END, "Brian Truitt" },
		/* two links that make up the whole byline are two authors; a
		 * role the second element begins with is not */
		{ HEAD BODY "<div class=\"byline\">Written by: <span><a href=\"/a/ew\">Emily Walker</a>"
		  "</span><span><a href=\"/a/cm\">Casey McDevitt</a></span></div>" END,
		  "Emily Walker; Casey McDevitt" },
		{ HEAD BODY "<div class=\"author-line\"><span><a href=\"/a/cb\">Catherine Boeckmann</a>"
		  "</span> <span>Executive Digital Editor</span></div>" END, "Catherine Boeckmann" },
		/* a name joined to the next one by "and" is read whole */
		{ HEAD BODY "<div class=\"byline\">By <a href=\"/a/jd\">Jane Doe</a> and "
		  "<a href=\"/a/jr\">John Roe</a></div>" END, "Jane Doe and John Roe" },
		/* a byline marked by nothing, by the headline: a separator of
		 * three bytes (a dot operator, a dash) ends the name as a
		 * middle dot does; not a contributor's line after it */
		{ HEAD BODY "<div>By Jane Doe \u22c5 Founder and Editor-in-Chief \u22c5 Updated May 6, "
		  "2025</div><div>Contributions From: <a href=\"/a/jr\">John Roe</a></div>" END,
		  "Jane Doe" },
		{ HEAD BODY "<div>By Jane Doe \u2013 Founder and Editor-in-Chief \u2013 Updated May 6, "
		  "2025</div>" END, "Jane Doe" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		expect_author(cases[i][0], cases[i][1], "byline");
}

static void
test_author_person_over_organisation(void **state)
{
	(void)state;
	/* JSON-LD names the organisation; the page names the person */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"author\":{\"@type\":\"NewsMediaOrganization\",\"name\":\"Harbour Times\"}}"
		      "</script>" BODY "<p class=\"byline\">By Jane Doe</p>" END,
		      "Jane Doe", "byline");
	/* ... or the publisher given as a "Person" */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Harbour Times\"},"
		      "\"publisher\":{\"@type\":\"Organization\",\"name\":\"Harbour Times\"}}"
		      "</script>" BODY "<p class=\"byline\">By Jane Doe</p>" END,
		      "Jane Doe", "byline");
	/* with no person on the page, the organisation */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"author\":{\"@type\":\"Organization\",\"name\":\"Harbour Times\"}}"
		      "</script>" BODY END, "Harbour Times", "json-ld");
	/* a person's blog named after them: two sources say it is the person */
	expect_author(HEAD "<meta property=\"og:site_name\" content=\"Ash Vardanian\">"
		      "<meta name=\"author\" content=\"Ash Vardanian\">"
		      "<script type=\"application/ld+json\">{\"@type\":\"BlogPosting\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Ash Vardanian\"}}</script>" BODY
		      "<div class=\"author\">Topics</div>" END, "Ash Vardanian", "json-ld");
	/* ... or JSON-LD alone, naming a Person: a name in the text is the
	 * work the post speaks of ("libraries by Daniel Bünzli") */
	expect_author(HEAD "<meta property=\"og:site_name\" content=\"Anil Madhavapeddy\">"
		      "<script type=\"application/ld+json\">{\"@type\":\"BlogPosting\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Anil Madhavapeddy\"}}</script>"
		      BODY "<p class=\"byline\">By Daniel B\u00fcnzli</p>" END, "Anil Madhavapeddy",
		      "json-ld");
	/* a meta tag alone giving the site's name is the brand's */
	expect_author(HEAD "<meta property=\"og:site_name\" content=\"Anil Madhavapeddy\">"
		      "<meta name=\"author\" content=\"Anil Madhavapeddy\">" BODY
		      "<p class=\"byline\">By Daniel B\u00fcnzli</p>" END, "Daniel B\u00fcnzli",
		      "byline");
}

static void
test_author_several(void **state)
{
	(void)state;
	/* a paper's authors as it lists them, "Last, First" turned round */
	expect_author(HEAD "<meta name=\"citation_author\" content=\"Roy, Aniruddha\">"
		      "<meta name=\"citation_author\" content=\"Patel, Jyoti\">"
		      "<meta name=\"citation_author\" content=\"Das, Amitava\">" BODY END,
		      "Aniruddha Roy; Jyoti Patel; Amitava Das", "meta");
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"author\":[{\"@type\":\"Person\",\"name\":\"Rui Ma\"},"
		      "{\"@type\":\"Person\",\"name\":\"Heba Ledwon\"}]}</script>" BODY END,
		      "Rui Ma; Heba Ledwon", "json-ld");
	/* a tag's list of names, past a name's six words and 60 bytes */
	expect_author(HEAD "<meta name=\"author\" content=\"Artur Ekert, Timothy Hosgood, "
		      "Alastair Kay, Chiara Macchiavello\">" BODY END,
		      "Artur Ekert, Timothy Hosgood, Alastair Kay, Chiara Macchiavello", "meta");
	/* ... not a sentence as long */
	expect_author(HEAD "<meta name=\"author\" content=\"Our editors write about gardens, "
		      "trees and the people who care for them\">" BODY END, NULL, NULL);
	/* a tag holds a login, digits and all; a byline's text does not */
	expect_author(HEAD "<meta name=\"author\" content=\"ggailey777\">" BODY END,
		      "ggailey777", "meta");
}

static void
test_author_unmarked_byline(void **state)
{
	(void)state;
	/* a line that opens with the authors' label, however it goes on */
	expect_author(HEAD BODY "<div class=\"field\"><p>Authors: Julie Weisenhorn and Natalie "
		      "Hoidal, Extension horticulture educators</p></div>" END,
		      "Julie Weisenhorn and Natalie Hoidal", "byline");
	expect_author(HEAD BODY "<p>Posted by <a href=\"/p/cw.html\">Colin Watson</a> on <time "
		      "datetime=\"2025-12-18\">2025-12-18</time> in <a href=\"/c/d.html\">debusine"
		      "</a>. Tags: <a href=\"/t/1\">debusine</a>, <a href=\"/t/2\">freexian</a>.</p>"
		      END, "Colin Watson", "byline");
	/* "Author:" on a line that names no one gives no one */
	expect_author(HEAD BODY "<p>Author: unknown, found in a drawer in 1962</p>" END, NULL, NULL);
	/* "By" in a span and the name in the next, on a dated page */
	expect_author(HEAD "<meta property=\"article:published_time\" content=\"2026-03-09\">"
		      BODY "<div><span>By</span><span>Daryl Austin</span></div>"
		      "<div>Published March 9, 2026</div>" END, "Daryl Austin", "byline");
	/* ... but on an undated page (a shop's "By" and its brand) no one */
	expect_author(HEAD BODY "<div><span>By</span><span>Boss Office Products</span></div>" END,
		      NULL, NULL);
	/* a link to the author's page whose text is the name it links */
	expect_author(HEAD BODY "<footer><p>Posted <a href=\"/blog/author/colin-watson.html\">"
		      "Colin Watson</a></p></footer>" END, "Colin Watson", "author link");
	expect_author(HEAD BODY "<div><a href=\"https://example.com/blog/authors/emmanuel-oyibo\" "
		      "aria-label=\"Emmanuel Oyibo\"><img src=\"e.jpg\"></a></div>" END,
		      "Emmanuel Oyibo", "author link");
	expect_author(HEAD BODY "<p><a href=\"/author/jdoe/\">View all posts by Jane Doe</a></p>"
		      END, NULL, NULL);
	expect_author(HEAD BODY "<p><a href=\"/author/jane-doe/\">View all posts by Jane Doe</a>"
		      "</p>" END, "Jane Doe", "author link");
	/* in a byline box whose lines give no name (its share buttons),
	 * the links to the authors' pages give them, one word too */
	expect_author(HEAD BODY "<div class=\"author_wrap\"><div class=\"author\"><a href=\"/blog/"
		      "author/yucy/\" aria-label=\"Yucy\"><img src=\"y.jpg\"></a><a href=\"/blog/"
		      "author/yucy/\">Yucy</a><span class=\"time\">3/4/2025</span></div><div "
		      "class=\"share\"><a href=\"/s/f\">Facebook</a><span>platform-in</span></div>"
		      "</div>" END, "Yucy", "byline");
	/* ... but where its lines name the writer, not the other links
	 * (a fact-checker's) */
	expect_author(HEAD BODY "<div class=\"byline\"><p>By <a href=\"/author/emily-way\">Emily "
		      "Way</a></p><p>Fact-checked by <a href=\"/author/paul-rankin\">Paul Rankin</a>"
		      "</p></div>" END, "Emily Way", "byline");
	/* a link to an author's page that reads as another's, or no name */
	expect_author(HEAD BODY "<p><a href=\"/author/staff/\">Our Staff</a></p>" END, NULL, NULL);
}

static void
test_author_byline_names_more(void **state)
{
	(void)state;
	/* the head's tags name the first author, the byline all of them */
	expect_author(HEAD "<meta name=\"author\" content=\"Rudolf Fischer\">" BODY
		      "<div class=\"meta-item author\"><span class=\"fn\">von Rudolf Fischer, "
		      "Simon Kohler</span></div>" END, "Rudolf Fischer, Simon Kohler", "byline");
	/* an account's first name, written out in the byline */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Todd\"}}</script>" BODY
		      "<div class=\"byline\"><p>By</p><p class=\"full-name\">Todd Bates</p></div>" END,
		      "Todd Bates", "byline");
	/* ... but not with the month of the date after it */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Rabbids\"}}</script>" BODY
		      "<div class=\"author\">Rabbids March</div>" END, "Rabbids", "json-ld");
	/* nor a title that says more than the name */
	expect_author(HEAD "<meta name=\"author\" content=\"Jenny Smith\">" BODY
		      "<p class=\"byline\">By Jenny Smith Staff</p>" END, "Jenny Smith", "meta");
	/* the site's name in a tag disputes no person the JSON-LD names: a
	 * teaser's section link marked "author" does not win */
	expect_author(HEAD "<meta property=\"og:site_name\" content=\"Harbour Times\">"
		      "<meta name=\"author\" content=\"Harbour Times\">"
		      "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Mariano Mart\u00edn\"}}</script>"
		      BODY "<p>Mariano Mart\u00edn</p><article><h2>Wages</h2><div "
		      "class=\"article-grouper-author\"><a href=\"/s\">Salarios</a></div></article>" END,
		      "Mariano Mart\u00edn", "json-ld");
}

static void
test_author_threads(void **state)
{
	(void)state;
	/* a forum's first post, a Q&A page's question: the page's author,
	 * not a reply's */
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\","
		      "\"@type\":\"QAPage\",\"mainEntity\":{\"@type\":\"Question\",\"name\":\"Why?\","
		      "\"author\":{\"@type\":\"Person\",\"name\":\"Pup\"},\"acceptedAnswer\":"
		      "{\"@type\":\"Answer\",\"author\":{\"@type\":\"Person\",\"name\":\"Vader\"}}}}"
		      "</script>" BODY END, "Pup", "json-ld");
	expect_author(HEAD "<script type=\"application/ld+json\">{\"@type\":\"DiscussionForumPosting\","
		      "\"headline\":\"Resolver\",\"comment\":[{\"@type\":\"Comment\",\"author\":"
		      "{\"@type\":\"Person\",\"name\":\"second\"}}],\"author\":{\"@type\":\"Person\","
		      "\"name\":\"amondale\"}}</script>" BODY END, "amondale", "json-ld");
	/* a forum post's microdata names its writer by login, digits and
	 * all, in a hidden block; a byline's text with as many is no name */
	expect_author(HEAD BODY "<div itemscope itemtype=\"https://schema.org/DiscussionForumPosting\">"
		      "<div class=\"hidden\"><div itemprop=\"author\" itemscope "
		      "itemtype=\"https://schema.org/Person\"><span itemprop=\"name\">Ejp55230</span>"
		      "</div></div></div>" END, "Ejp55230", "rel=author");
	expect_author(HEAD BODY "<div class=\"author\">Ejp55230</div>" END, NULL, NULL);
	/* the forum's label for who opened the thread beats a reply's
	 * microdata: the name in the text after it, a login's digits and
	 * all, or after "Started by" up to the comma */
	expect_author(HEAD BODY "<ul><li><span class=\"u-srOnly\">Thread starter</span> <a href="
		      "\"/members/sean_g.81409/\">sean_g</a></li></ul><article><p>Help.</p></article>"
		      "<article><div itemprop=\"author\" itemscope><span itemprop=\"name\">Packard"
		      "</span></div><p>Try pine.</p></article>" END, "sean_g", "thread starter");
	expect_author(HEAD BODY "<div><div>Topic Author</div><a href=\"/u/1\">ridwan123</a></div>"
		      END, "ridwan123", "thread starter");
	expect_author(HEAD BODY "<p>Started by Biology Forums, June 04, 2024, 11:23:55 AM</p>" END,
		      "Biology Forums", "thread starter");
	/* ... not a sentence that opens with the words, nor a label with
	 * no name after it */
	expect_author(HEAD BODY "<p>Started by a group of friends in 1999, the club meets weekly.</p>"
		      END, NULL, NULL);
	expect_author(HEAD BODY "<p>Thread starter</p><p>The council voted on it twice last year.</p>"
		      END, NULL, NULL);
	/* an FAQ's questions are no page's headline */
	struct page pg;
	test_page(&pg, "<html><head><title>T-Shirts &amp; Tops | Shop</title>"
		  "<script type=\"application/ld+json\">{\"@type\":\"FAQPage\",\"mainEntity\":"
		  "[{\"@type\":\"Question\",\"name\":\"Which shirt is best?\"}]}</script></head>"
		  "<body><h1>T-Shirts &amp; Tops</h1><p>Shirts.</p></body></html>");
	assert_string_equal(pg.meta.title, "T-Shirts & Tops");
	page_free(&pg);
}

/* The date of html, or NULL for none. */
static void
expect_date(const char *html, const char *date, const char *from)
{
	struct page pg;
	test_page(&pg, html);
	if (!date) {
		if (pg.meta.date)
			fail_msg("date '%s' (%s) where none was expected", pg.meta.date,
				 pg.meta.date_from);
	} else {
		if (!pg.meta.date)
			fail_msg("no date where '%s' was expected", date);
		assert_string_equal(pg.meta.date, date);
		if (from)
			assert_string_equal(pg.meta.date_from, from);
	}
	page_free(&pg);
}

static void
test_date_not_a_reply(void **state)
{
	(void)state;
	/* a thread's reply (microdata's Comment) dates the reply, not the
	 * thread: it neither gives nor confirms the page's date */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"2025-04-18T12:02:29+00:00\">"
		    BODY "<div itemprop=\"comment\" itemscope itemtype=\"http://schema.org/Comment\">"
		    "<p>May 6, 2025</p><time itemprop=\"datePublished\" datetime=\"2025-05-06T18:30:52Z\">"
		    "May 6</time><p>Same here.</p></div>" END,
		    "2025-04-18T12:02:29+00:00", "meta");
}

static void
test_date_publish_tags(void **state)
{
	(void)state;
	/* a meta tag of a CMS's own name for the publication's date */
	expect_date(HEAD "<meta name=\"w-published-date\" content=\"2025-05-27T06:03:43.274Z\">"
		    BODY END, "2025-05-27T06:03:43Z", "meta");
	expect_date(HEAD "<meta name=\"published-date\" content=\"2021-02-16\">" BODY END,
		    "2021-02-16", "meta");
	/* a journal's citation tag, as PubMed Central writes it */
	expect_date(HEAD "<meta name=\"citation_publication_date\" content=\"2023 Jan 7\">"
		    BODY END, "2023-01-07", "meta");
	/* the publisher's tag names no date, though its address holds one */
	expect_date(HEAD "<meta name=\"publisher\" content=\"Daily News, 14 March 2024\">"
		    BODY END, NULL, NULL);
}

static void
test_date_modified_only(void **state)
{
	(void)state;
	/* a page that names only its last change is of that day */
	expect_date(HEAD "<meta property=\"article:modified_time\" content=\"2023-03-22T17:52:04+00:00\">"
		    BODY END, "2023-03-22T17:52:04+00:00", "meta");
	/* ... but the published date comes first, and one the page shows */
	expect_date(HEAD "<meta property=\"article:modified_time\" content=\"2023-03-22T17:52:04+00:00\">"
		    BODY "<p class=\"date\">4 May 2021</p>" END, "2021-05-04", "text");
}

/* A dateline's texts in inline elements run together with no space:
 * "Mental HealthDECEMBER 22, 2022Updated: JANUARY 02, 2026" opens its
 * first date inside a word and closes it on one; each text alone first
 * gives the day published, not the update's. */
static void
test_date_glued_spans(void **state)
{
	(void)state;
	expect_date(HEAD "<meta name=\"last-modified\" content=\"December 22, 2022\">"
		    "</head><body><div class=\"article-dateline-wrapper\"><a href=\"/c\">Mental "
		    "Health</a><span class=\"dateline\">DECEMBER 22, 2022</span><span "
		    "class=\"dateline updated\">Updated: JANUARY 02, 2026</span></div>"
		    "<h1>Ten ways to rest</h1>" END, "2022-12-22", "text");
	/* a day written across elements is read from their text together */
	expect_date(HEAD BODY "<p class=\"date\"><b>4</b> May 2021</p>" END, "2021-05-04", "text");
}

/* A thread page's body says "comments-page": the class names the page's
 * template, and the post's time is no comment's (a comment's, in
 * div.comment, is not read). */
static void
test_date_comments_page(void **state)
{
	(void)state;
	expect_date(HEAD "</head><body class=\"single-page comments-page\"><div class=\"comment\">"
		    "<time datetime=\"2026-03-05T08:00:00Z\">5 Mar</time></div>"
		    "<div class=\"entry\"><h1>Hair grows back</h1><p>submitted <time "
		    "datetime=\"2026-03-04T18:58:32+00:00\">4 Mar 2026</time></p></div>" END,
		    "2026-03-04T18:58:32+00:00", "time");
}

/* A line that says it gives an update's day waits for the others: the
 * day published after it is the page's; alone, it is taken. */
static void
test_date_update_line(void **state)
{
	(void)state;
	expect_date(HEAD BODY "<p>Letzte \u00c4nderung: 31.10.2023 - 14:49:39<br>Erschienen am: "
		    "01.11.2023<br>Lesungen: 61</p>" END, "2023-11-01", "text");
	expect_date(HEAD BODY "<p>Last updated 31.10.2023</p>" END, "2023-10-31", "text");
}

static void
test_date_by_headline(void **state)
{
	(void)state;
	/* a dateline right above the headline, as near as a sentence after
	 * it that holds a day (a deadline), and nearer than one further */
	expect_date("<html lang=\"de\"><body><p><span>publiziert am 25. September 2018</span></p>"
		    "<h1>Die elektronische Patientenakte</h1><p>Bis zum 01.01.2019 sollen alle "
		    "\u00c4rzte, Psychotherapeuten und Krankenh\u00e4user an das Netz angeschlossen "
		    "sein.</p></body></html>", "2018-09-25", "text");
	expect_date("<html lang=\"de\"><body><p><span>publiziert am 25. September 2018</span></p>"
		    "<h1>Die elektronische Patientenakte</h1><p>Einleitung.</p><p>Bis zum 01.01.2019."
		    "</p></body></html>", "2018-09-25", "text");
	/* ... a byline's day right below it is nearer than one three lines up */
	expect_date("<html lang=\"de\"><body><p>3. M\u00e4rz 2020</p><p>Sport</p><p>Tennis</p>"
		    "<h1>Die neue Saison beginnt</h1><p>4. M\u00e4rz 2020</p><p>Text.</p></body></html>",
		    "2020-03-04", "text");
	/* another story's teaser, its date named "info", gives way to the
	 * dateline above the headline */
	expect_date("<html lang=\"de\"><body><p class=\"subline\">21. Jan 2022 // Dominik Ricker</p>"
		    "<h1>Die neue Kreiss\u00e4ge im Test</h1><p>Text des Artikels.</p>"
		    "<div class=\"contenttype-teaser\"><div class=\"infos\"><p>06. Aug 2020 // Tipps</p>"
		    "</div></div></body></html>", "2022-01-21", "text");
	/* ... but a teaser that holds the headline is the page's own (its
	 * lead figure), and another's still dates a page with no other day */
	expect_date("<html lang=\"de\"><body><figure class=\"teaser\"><div class=\"info\"><span "
		    "class=\"date\">02.02.2022</span></div><h1>Erneuter Verzicht</h1></figure>"
		    "<p>Text.</p></body></html>", "2022-02-02", "text");
	expect_date("<html lang=\"de\"><body><h1>Liebe Handballfans</h1><p>Hinweis.</p>"
		    "<p>a</p><p>b</p><p>c</p><p>d</p><p>e</p><figure class=\"teaser\"><div class="
		    "\"info\"><span class=\"date\">02.02.2022</span></div></figure></body></html>",
		    "2022-02-02", "text");
}

static void
test_date_generic_tag(void **state)
{
	(void)state;
	/* meta name=date holds the print edition's day, the next one: the
	 * day shown by the headline is the page's */
	expect_date(HEAD "<meta name=\"date\" content=\"2020-04-30\">"
		    BODY "<p class=\"date\">29.04.2020, 12:01 Uhr</p>" END, "2020-04-29", "text");
	/* ... but not a day years away, likelier another story's */
	expect_date(HEAD "<meta name=\"date\" content=\"2017-05-01\">"
		    BODY "<p class=\"date\">26.02.2020</p>" END, "2017-05-01", "meta");
	/* a tag that says published keeps its day, unconfirmed */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"2020-04-30\">"
		    BODY "<p class=\"date\">29.04.2020</p>" END, "2020-04-30", "meta");
	/* a tag's day in numbers that read either way round, on a German
	 * page (read day first): the day the page shows says which */
	expect_date("<html lang=\"de\"><head><meta name=\"date\" content=\"11/01/2023 12:43:42\">"
		    BODY "<p class=\"date\">01.11.2023</p>" END, "2023-11-01", "text");
	expect_date("<html lang=\"de\"><head><meta name=\"date\" content=\"11/01/2023 12:43:42\">"
		    BODY END, "2023-01-11", "meta");
	/* ... not a day written unmistakably (ISO) */
	expect_date("<html lang=\"de\"><head><meta name=\"date\" content=\"2023-01-11\">"
		    BODY "<p class=\"date\">01.11.2023</p>" END, "2023-01-11", "meta");
	/* a path segment that opens with a tilde and the day ("/detail/
	 * ~02-01-2022-land-zahlte-..."), before a deadline in the text */
	expect_date("<html lang=\"de\"><head><link rel=\"canonical\" href=\"https://mluk.test/"
		    "aktuelles/detail/~02-01-2022-land-zahlte-praemie\">" BODY "<p>Antr\u00e4ge "
		    "bis zum 30. April 2022.</p>" END, "2022-01-02", "url");
}

/* Whether a page names its date, as auto's kinds read it: from its
 * markup or text, never from an address (a canonical's path). */
static void
test_dated(void **state)
{
	(void)state;
	static const char *const pages[] = {
		HEAD BODY END,
		HEAD "<meta property=\"article:published_time\" content=\"2024-05-02\">" BODY END,
		HEAD "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\","
		"\"datePublished\":\"2024-05-02T08:00:00Z\"}</script>" BODY END,
		HEAD BODY "<p><time datetime=\"2024-05-02\">2 May 2024</time></p>" END,
		HEAD "<link rel=\"canonical\" href=\"https://ex.test/2024/05/02/ferry.html\">" BODY END,
		HEAD "<meta property=\"article:published_time\" content=\"2089-09-06\">" BODY END,
		HEAD "<meta property=\"article:modified_time\" content=\"2024-05-02\">" BODY END,
		HEAD "<script type=\"application/ld+json\">{\"@type\":\"WebPage\","
		"\"datePublished\":\"2024-05-02T08:00:00Z\"}</script>" BODY END,
		HEAD "<script type=\"application/ld+json\">{\"@graph\":[{\"@type\":\"WebPage\","
		"\"datePublished\":\"2024-05-02\"},{\"@type\":\"BlogPosting\","
		"\"dateModified\":\"2024-05-03\"}]}</script>" BODY END,
	};
	char got[16] = "";
	for (size_t k = 0; k < sizeof pages / sizeof pages[0]; k++) {
		struct page pg;
		test_page(&pg, pages[k]);
		strcat(got, extract_dated(pg.dom) ? "1" : "0");
		/* the metadata takes the day of the canonical's path */
		if (k == 4)
			assert_string_equal(pg.meta.date_from, "url");
		page_free(&pg);
	}
	/* none, a meta tag, JSON-LD, a time element; the address's day is
	 * not read, a day in the future is none, an update is one; a day
	 * that only the WebPage object gives is the site's tool's, none,
	 * but an article kind's beside it makes the page dated */
	assert_string_equal(got, "011100101");
}

static void
test_date_bounds(void **state)
{
	(void)state;
	/* a date in the future is never a publication's: the next source */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"2089-09-06\">"
		    BODY "<p><time class=\"entry-date\" datetime=\"2015-03-02\">2 March 2015</time></p>"
		    END, "2015-03-02", "time");
	/* nor a date before 1990 (a zero time) */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"1970-01-01T00:00:00Z\">"
		    BODY END, NULL, NULL);
	/* a capture (WARC-Date) bounds it too, a day ahead for the zones */
	struct page pg;
	test_page(&pg, HEAD "<meta property=\"article:published_time\" content=\"2016-05-03\">"
		  "<meta property=\"article:modified_time\" content=\"2016-05-02\">" BODY END);
	struct page_meta m;
	extract_meta_at(pg.dom, NULL, "2016-05-01T23:00:00Z", &m);
	assert_null(m.date);
	assert_string_equal(m.modified, "2016-05-02");
	extract_meta_free(&m);
	extract_meta_at(pg.dom, NULL, "2016-05-02T09:00:00Z", &m);
	assert_string_equal(m.date, "2016-05-03");
	extract_meta_free(&m);
	page_free(&pg);
	/* the modified date is no publication date, even shown by the
	 * headline */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"2024-08-13T06:14:39+00:00\">"
		    "<meta property=\"article:modified_time\" content=\"2026-03-12T02:44:39+00:00\">"
		    BODY "<p class=\"date\">Updated March 12, 2026</p>" END,
		    "2024-08-13T06:14:39+00:00", "meta");
}

/* The title of html. */
static void
expect_title(const char *html, const char *title, const char *from)
{
	struct page pg;
	test_page(&pg, html);
	if (!pg.meta.title)
		fail_msg("no title where '%s' was expected", title);
	assert_string_equal(pg.meta.title, title);
	assert_string_equal(pg.meta.title_from, from);
	page_free(&pg);
}

static void
test_title_headline(void **state)
{
	(void)state;
	/* the <title> carries search words the headline does not: the
	 * headline of a dated page, not a related post's marked title in
	 * an aside */
	expect_title("<html><head><title>Foodservice Report \u2013 Trends Towards 2024 | Tastewise</title>"
		     "<meta property=\"og:title\" content=\"Foodservice Report \u2013 Trends Towards 2024\">"
		     "<meta property=\"article:published_time\" content=\"2024-01-10\">"
		     "</head><body><h1>Top 10 Health and Nutrition Trends to Watch</h1><p>Text.</p>"
		     "<aside><h3 class=\"post-title\">Menu trends in Q3</h3></aside></body></html>",
		     "Top 10 Health and Nutrition Trends to Watch", "h1");
	/* a headline holding the site's name is no site's name; a bullet
	 * parts the site's name off */
	expect_title("<html><head><title>Gardenary Planting vs. Ordinary Planting \u2022 Gardenary</title>"
		     "</head><body><h1>Gardenary Planting vs. Ordinary Planting</h1><p>Text.</p>"
		     "<h1>Tips to Plant the Gardenary Way</h1></body></html>",
		     "Gardenary Planting vs. Ordinary Planting", "h1");
	/* a placeholder h1 of one word loses to a real <title>, kept whole
	 * where nothing says which part is the site's */
	expect_title("<html><head><title>Harbour ferry stays for ten more years - Courier</title>"
		     "</head><body><h1>Lorem</h1><p>Text.</p></body></html>",
		     "Harbour ferry stays for ten more years - Courier", "title");
	/* a headline of two words that the <title> begins with, which adds
	 * search words: the headline; not a word the title's first word
	 * merely begins with */
	expect_title("<html><head><title>Hiking Boots: Shop Boots for Hiking &amp; Backpacking | "
		     "REI Co-op</title></head><body><h1>Hiking Boots</h1><p>Text.</p></body></html>",
		     "Hiking Boots", "h1");
	expect_title("<html><head><title>Blogging Tips for Beginners</title></head><body>"
		     "<h1>Blog</h1><p>Text.</p></body></html>", "Blogging Tips for Beginners", "title");
	/* a <title> that opens with its separator gives the site's name
	 * alone: the h1 is the headline; a quotation mark opens a name */
	expect_title("<html><head><title> | Nuts &amp; Volts Magazine</title></head><body>"
		     "<h1>Electronic Gadgets</h1><p>Text.</p></body></html>", "Electronic Gadgets", "h1");
	expect_title("<html><head><title>»frag.jetzt« – ARSnova</title></head><body>"
		     "<p>Text.</p></body></html>", "»frag.jetzt« – ARSnova", "title");
	/* a title escaped twice reads as once */
	expect_title("<html><head><meta property=\"og:title\" content=\"The Cream with "
		     "TFC8&amp;reg; Moisturizer\"></head><body><p>Text.</p></body></html>",
		     "The Cream with TFC8\u00ae Moisturizer", "og:title");
	/* an undated page's only h1 of which the shared titles hold a
	 * third of the words or fewer is a slogan, where the page gives
	 * og:title: 1 of the 3 words of "Be happy here" goes to og:title,
	 * 2 of the 5 of "You deserve to be happy" stay; without og:title
	 * the h1 stays (the <title> may be the site's alone) */
	expect_title("<html><head><title>BetterHelp | Happy Therapy</title>"
		     "<meta property=\"og:title\" content=\"Happy Therapy\"></head><body>"
		     "<h1>Be happy here</h1><p>Text.</p></body></html>", "Happy Therapy", "og:title");
	expect_title("<html><head><title>BetterHelp | Happy Therapy</title>"
		     "<meta property=\"og:title\" content=\"Deserve Happy Therapy\"></head><body>"
		     "<h1>You deserve to be happy</h1><p>Text.</p></body></html>",
		     "You deserve to be happy", "h1");
	/* the words compare folded, Cyrillic too: 2 of the 3 of the h1
	 * are the og:title's in capitals */
	expect_title("<html><head><title>\u041d\u041e\u0412\u041e\u0421\u0422\u0418 "
		     "\u0414\u041d\u042f | \u0421\u0430\u0439\u0442</title><meta property=\"og:title\" "
		     "content=\"\u041d\u041e\u0412\u041e\u0421\u0422\u0418 \u0414\u041d\u042f\"></head>"
		     "<body><h1>\u0412\u043e\u0442 \u043d\u043e\u0432\u043e\u0441\u0442\u0438 "
		     "\u0434\u043d\u044f</h1><p>Text.</p></body></html>",
		     "\u0412\u043e\u0442 \u043d\u043e\u0432\u043e\u0441\u0442\u0438 \u0434\u043d\u044f",
		     "h1");
	/* a JSON-LD date of the WebPage alone dates no article */
	expect_title("<html><head><title>BetterHelp | Happy Therapy</title>"
		     "<meta property=\"og:title\" content=\"Happy Therapy\"><script type=\"application/"
		     "ld+json\">{\"@type\":\"WebPage\",\"datePublished\":\"2024-01-10\"}</script>"
		     "</head><body><h1>Be happy here</h1><p>Text.</p></body></html>",
		     "Happy Therapy", "og:title");
	expect_title("<html><head><title>BetterHelp | Happy Therapy</title>"
		     "<meta property=\"og:title\" content=\"Happy Therapy\"><script type=\"application/"
		     "ld+json\">{\"@type\":\"Article\",\"datePublished\":\"2024-01-10\"}</script>"
		     "</head><body><h1>Be happy here</h1><p>Text.</p></body></html>",
		     "Be happy here", "h1");
	expect_title("<html><head><title>Reddit - The heart of the internet</title></head><body>"
		     "<h1>Enameled cast iron pan and metal</h1><p>Text.</p></body></html>",
		     "Enameled cast iron pan and metal", "h1");
	/* the site's name after the headline goes, and before it behind a
	 * bar; a dash joins it to its tagline, and it stays */
	expect_title("<html><head><title>Online Therapy - Talkspace</title>"
		     "<meta property=\"og:site_name\" content=\"Talkspace\"></head><body>"
		     "<p>Text.</p></body></html>", "Online Therapy", "title");
	expect_title("<html><head><title>Talkspace | Online Therapy</title>"
		     "<meta property=\"og:site_name\" content=\"Talkspace\"></head><body>"
		     "<p>Text.</p></body></html>", "Online Therapy", "title");
	expect_title("<html><head><title>Talkspace - Online Therapy</title>"
		     "<meta property=\"og:site_name\" content=\"Talkspace\"></head><body>"
		     "<p>Text.</p></body></html>", "Talkspace - Online Therapy", "title");
	/* an empty h1 beside the headline does not make two */
	expect_title("<html><head><title>Hire Local Movers \u2013 Moving Help in Jackson, NJ | HireAHelper</title>"
		     "<meta property=\"og:site_name\" content=\"HireAHelper\"></head><body>"
		     "<h1>Hire Movers in Jackson, NJ</h1><h1> </h1><p>Text.</p></body></html>",
		     "Hire Movers in Jackson, NJ", "h1");
	/* a date set in the headline is not its words; two of them, and
	 * the words between and after them, read as the page shows them */
	expect_title("<html><head><title>Blog</title></head><body><h1><a href=\"/p\">"
		     "<time datetime=\"2025-12-18\">Dec <span>18</span> 2025</time> Preparing a "
		     "transition in Debusine</a></h1><p>Text.</p></body></html>",
		     "Preparing a transition in Debusine", "h1");
	expect_title("<html><head><title>Blog</title></head><body><h1>Harbour <time>May 1</time>"
		     "ferry <time>May 2</time><time>May 3</time> stays on</h1><p>Text.</p></body></html>",
		     "Harbour ferry stays on", "h1");
	/* a button's label is no word of the headline, nor an h1 that
	 * holds a menu's button alone a second headline */
	expect_title("<html><head><title>Harbour ferry stays on - Quay News</title></head>"
		     "<body><h1>Harbour ferry stays on <button>Copy link</button></h1>"
		     "<p>Text.</p></body></html>", "Harbour ferry stays on", "h1");
	expect_title("<html><head><title>Webcams - Quay Park</title></head><body><h1><button>"
		     "Open Menu</button></h1><h1>Webcams</h1><p>Text.</p></body></html>",
		     "Webcams", "h1");
	/* an h1 that is all one link to the site's home is the site's name
	 * over every page, though the <title> holds it: the next h1 */
	expect_title("<html><head><title>\u00dcber uns \u2013 2gewinnt | Kabarett | Satire</title>"
		     "<meta property=\"og:title\" content=\"\u00dcber uns\"><link rel=\"canonical\" "
		     "href=\"https://2gewinnt.wordpress.com/ueber-uns/\"></head><body><h1><a "
		     "href=\"https://2gewinnt.wordpress.com/\">2gewinnt | Kabarett | Satire</a></h1>"
		     "<h1>\u00dcber uns</h1><p>Text.</p></body></html>", "\u00dcber uns", "h1");
	expect_title("<html><head><title>Kleine Schafskunde | M\u00e4scot das Schaf</title></head>"
		     "<body><h1><a href=\"/\">M\u00e4scot das Schaf</a></h1><h2>Kleine Schafskunde</h2>"
		     "<p>Text.</p></body></html>", "Kleine Schafskunde", "h1");
	/* a link to another page is a headline's own */
	expect_title("<html><head><title>Ferry stays on the river | Courier</title></head><body><h1><a "
		     "href=\"/2024/ferry\">Ferry stays on the river</a></h1><p>Text.</p></body></html>",
		     "Ferry stays on the river", "h1");
	/* a kicker in the headline's first element, which the shared title
	 * sets off with a separator, is no word of it; a name that opens a
	 * headline, not set off so, is */
	expect_title("<html><head><title>Die Zukunft der Arbeit - \"Wir dekorieren die Liegest\u00fchle "
		     "um\"</title></head><body><h1><span class=\"overline\">Die Zukunft der Arbeit</span>"
		     "\"Wir dekorieren die Liegest\u00fchle um\"</h1><p>Text.</p></body></html>",
		     "\"Wir dekorieren die Liegest\u00fchle um\"", "h1");
	expect_title("<html><head><meta property=\"og:title\" content=\"Corona-Pandemie \u2013 "
		     "\u201eEs kommt darauf an\u201c\"></head><body><h1><span>Corona-Pandemie</span>"
		     "<span class=\"visually-hidden\"> \u2013 </span>\u201eEs kommt darauf an\u201c</h1>"
		     "<p>Text.</p></body></html>", "\u201eEs kommt darauf an\u201c", "h1");
	expect_title("<html><head><title>Dune: Part Two is a triumph | Courier</title></head>"
		     "<body><h1><em>Dune</em>: Part Two is a triumph</h1><p>Text.</p></body></html>",
		     "Dune: Part Two is a triumph", "h1");
	expect_title("<html><head><title>Jane Doe wins the harbour prize | Courier</title></head>"
		     "<body><h1><a href=\"/p/jane\">Jane Doe</a> wins the harbour prize</h1><p>Text.</p>"
		     "</body></html>", "Jane Doe wins the harbour prize", "h1");
	/* a date written before the headline with a dash, as a <time> in it
	 * would be, is no word of it; a year alone is */
	expect_title("<html><head><title>Biathlon</title></head><body><h1>23.01.2022 - Dorothea "
		     "Wierer darf noch jubeln</h1><p>Text.</p></body></html>",
		     "Dorothea Wierer darf noch jubeln", "h1");
	expect_title("<html><head><title>Review</title></head><body><h1>2024 - The year in "
		     "review</h1><p>Text.</p></body></html>", "2024 - The year in review", "h1");
	/* a section's name before a bar in the h1, the site's after one:
	 * og:title, on the other side of the bar, is the headline */
	expect_title("<html><head><meta property=\"og:title\" content=\"Brothel busted in Boston\">"
		     "</head><body><h1><div><a href=\"/local-news/\">Local News | </a></div>"
		     "<span>Brothel busted in Boston</span></h1><p>Text.</p></body></html>",
		     "Brothel busted in Boston", "og:title");
	/* the site's name after a bar in a span for screen readers alone
	 * (element-invisible) is not the h1's text: the h1 is the headline */
	expect_title("<html><head><meta property=\"og:title\" content=\"Was wir nicht h\u00f6ren "
		     "wollen\"></head><body><h1>Was wir nicht h\u00f6ren wollen<span "
		     "class=\"element-invisible\"> | FASSETTE.NET</span></h1><p>Text.</p></body></html>",
		     "Was wir nicht h\u00f6ren wollen", "h1");
	/* a dash or a colon stands in headlines: the h1 whole */
	expect_title("<html><head><meta property=\"og:title\" content=\"Eine neue Studie\">"
		     "</head><body><h1>Abgebrochene Forschung - Eine neue Studie</h1><p>Text.</p>"
		     "</body></html>", "Abgebrochene Forschung - Eine neue Studie", "h1");
}

static void
test_what_it_beat(void **state)
{
	(void)state;
	struct page pg;
	test_page(&pg, "<html><head><title>Foodservice Report \u2013 Trends Towards 2024 | Tastewise</title>"
		  "<meta property=\"og:site_name\" content=\"Tastewise\">"
		  "<meta property=\"article:published_time\" content=\"2024-08-13T06:14:39+00:00\">"
		  "<meta name=\"author\" content=\"FAIL\"><meta name=\"dc.creator\" content=\"Jenny Smith\">"
		  "</head><body><h1>Top 10 Health and Nutrition Trends to Watch</h1>"
		  "<p class=\"byline\">By Jenny Smith</p>"
		  "<p><time class=\"published\" datetime=\"2024-08-15\">15 August</time></p>"
		  "<p>The council voted to keep the ferry running.</p></body></html>");
	assert_string_equal(pg.meta.title, "Top 10 Health and Nutrition Trends to Watch");
	assert_string_equal(pg.meta.title_over, "title \"Trends Towards 2024\"");
	assert_string_equal(pg.meta.author, "Jenny Smith");
	assert_string_equal(pg.meta.author_over, "meta \"FAIL\"");
	assert_string_equal(pg.meta.date, "2024-08-13T06:14:39+00:00");
	assert_string_equal(pg.meta.date_over, "time \"2024-08-15\"");
	page_free(&pg);
	/* sources that agree beat nothing */
	test_page(&pg, HEAD "<meta name=\"author\" content=\"Jenny Smith\">" BODY END);
	assert_null(pg.meta.author_over);
	assert_null(pg.meta.title_over);
	page_free(&pg);
}

static void
test_date_zone(void **state)
{
	(void)state;
	/* a time given in the page's own zone keeps its day, whatever day
	 * the page writes for another zone */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"2019-11-19T23:24:00-05:00\">"
		    BODY "<p class=\"date\">November 20, 2019</p>" END,
		    "2019-11-19T23:24:00-05:00", "meta");
	/* one in UTC is shown in the page's zone: late at night, the next
	 * day there */
	expect_date(HEAD "<meta property=\"article:published_time\" content=\"2019-11-19T23:24:00Z\">"
		    BODY "<p class=\"date\">November 20, 2019</p>" END,
		    "2019-11-20", "text");
	/* ... and a <time> that gives the same minute in the page's zone
	 * says which day that is, even in a link */
	expect_date(HEAD "<script type=\"application/ld+json\">{\"@type\":\"DiscussionForumPosting\","
		    "\"datePublished\":\"2025-12-18T23:25:38+00:00\"}</script>" BODY
		    "<p><a href=\"/t/1\"><time datetime=\"2025-12-19T04:25:38+0500\">Dec 19, 2025</time>"
		    "</a></p>" END, "2025-12-19T04:25:38+05:00", "time");
	/* another minute is another post's */
	expect_date(HEAD "<script type=\"application/ld+json\">{\"@type\":\"DiscussionForumPosting\","
		    "\"datePublished\":\"2025-12-18T23:25:38+00:00\"}</script>" BODY
		    "<p><a href=\"/t/1\"><time datetime=\"2025-12-19T04:40:00+0500\">last reply</time>"
		    "</a></p>" END, "2025-12-18T23:25:38+00:00", "json-ld");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_author_source_order),
		cmocka_unit_test(test_author_not_a_name),
		cmocka_unit_test(test_author_cleaned),
		cmocka_unit_test(test_author_name_element),
		cmocka_unit_test(test_author_person_over_organisation),
		cmocka_unit_test(test_author_several),
		cmocka_unit_test(test_author_unmarked_byline),
		cmocka_unit_test(test_author_byline_names_more),
		cmocka_unit_test(test_author_threads),
		cmocka_unit_test(test_date_not_a_reply),
		cmocka_unit_test(test_date_publish_tags),
		cmocka_unit_test(test_date_modified_only),
		cmocka_unit_test(test_date_glued_spans),
		cmocka_unit_test(test_date_comments_page),
		cmocka_unit_test(test_date_update_line),
		cmocka_unit_test(test_date_by_headline),
		cmocka_unit_test(test_date_generic_tag),
		cmocka_unit_test(test_dated),
		cmocka_unit_test(test_date_bounds),
		cmocka_unit_test(test_date_zone),
		cmocka_unit_test(test_title_headline),
		cmocka_unit_test(test_what_it_beat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
