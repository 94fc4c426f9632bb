//! A small typed builder for HTML and SVG: elements with attributes and children, text escaped
//! when it is written. Chosen over a template crate because the pieces built here are few and
//! small (a board, a ruling table), the same builder must compile to WebAssembly for the page,
//! and a typed value that is written in one place cannot leave a quote or a `<` unescaped.

use std::fmt::{self, Display, Write};

/// Text with `& < > " '` escaped, for element content and attribute values alike.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// What an element holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Element(Element),
    /// Text, escaped when written.
    Text(String),
    /// Markup already escaped (built by this crate or a caller that escapes its values).
    Markup(String),
}

impl From<Element> for Node {
    fn from(e: Element) -> Node {
        Node::Element(e)
    }
}

/// An element: its tag, attributes in the order given, children. An element with no children
/// is written self-closed (`<circle …/>`) when it is SVG, as `<td></td>` when it is HTML.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    tag: &'static str,
    attrs: Vec<(&'static str, String)>,
    children: Vec<Node>,
    svg: bool,
}

/// An HTML element.
pub fn el(tag: &'static str) -> Element {
    Element {
        tag,
        attrs: Vec::new(),
        children: Vec::new(),
        svg: false,
    }
}

/// An SVG element (self-closed when empty).
pub fn svg(tag: &'static str) -> Element {
    Element {
        svg: true,
        ..el(tag)
    }
}

impl Element {
    /// An attribute (its value escaped when written).
    pub fn attr(mut self, name: &'static str, value: impl Display) -> Element {
        self.attrs.push((name, value.to_string()));
        self
    }

    /// An attribute, when `value` is some.
    pub fn attr_opt(self, name: &'static str, value: Option<impl Display>) -> Element {
        match value {
            Some(v) => self.attr(name, v),
            None => self,
        }
    }

    pub fn child(mut self, node: impl Into<Node>) -> Element {
        self.children.push(node.into());
        self
    }

    pub fn children<N: Into<Node>>(mut self, nodes: impl IntoIterator<Item = N>) -> Element {
        self.children.extend(nodes.into_iter().map(Into::into));
        self
    }

    pub fn text(mut self, text: impl Display) -> Element {
        self.children.push(Node::Text(text.to_string()));
        self
    }

    /// Markup the caller has escaped.
    pub fn markup(mut self, markup: impl Into<String>) -> Element {
        self.children.push(Node::Markup(markup.into()));
        self
    }

    pub fn push(&mut self, node: impl Into<Node>) {
        self.children.push(node.into());
    }

    /// Write the element to `out`.
    pub fn write_to(&self, out: &mut String) {
        out.push('<');
        out.push_str(self.tag);
        for (k, v) in &self.attrs {
            let _ = write!(out, " {k}=\"");
            escape_into(out, v);
            out.push('"');
        }
        if self.svg && self.children.is_empty() {
            out.push_str("/>");
            return;
        }
        out.push('>');
        for c in &self.children {
            match c {
                Node::Element(e) => e.write_to(out),
                Node::Text(t) => escape_into(out, t),
                Node::Markup(m) => out.push_str(m),
            }
        }
        let _ = write!(out, "</{}>", self.tag);
    }
}

impl Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_text_are_escaped_and_empty_svg_elements_self_close() {
        let e = el("td")
            .attr("title", "a \"b\" <c>")
            .text("x & y")
            .child(svg("circle").attr("r", 2))
            .child(el("td"));
        assert_eq!(
            e.to_string(),
            "<td title=\"a &quot;b&quot; &lt;c&gt;\">x &amp; y<circle r=\"2\"/><td></td></td>"
        );
        assert_eq!(escape("'&'"), "&#39;&amp;&#39;");
    }
}
