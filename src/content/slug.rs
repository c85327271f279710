//! URL slugs from titles and tags, Turkish letters folded to their ASCII neighbours.

/// Turkish-aware slug: `Neden jitter — thundering herd` → `neden-jitter-thundering-herd`,
/// `Güvenilirlik İçin` → `guvenilirlik-icin`.
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars() {
        let folded = match c {
            'ı' | 'İ' | 'I' | 'î' | 'Î' => 'i',
            'ş' | 'Ş' => 's',
            'ğ' | 'Ğ' => 'g',
            'ç' | 'Ç' => 'c',
            'ö' | 'Ö' => 'o',
            'ü' | 'Ü' | 'û' | 'Û' => 'u',
            'â' | 'Â' => 'a',
            c => c.to_ascii_lowercase(),
        };
        if folded.is_ascii_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(folded);
        } else if folded.is_alphanumeric() {
            // Other letters are kept (lowercased) rather than dropped.
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(folded.to_lowercase());
        } else {
            dash = true;
        }
    }
    out
}
