"""The site's pages, one module per kind of page; `plan.site_pages` gathers them all before any is rendered.

Each kind's module makes its `page.Page`s from the gathered `SiteData` (and the view models of `..views`);
none renders, so the link checker sees the complete site before a byte is written.
"""
