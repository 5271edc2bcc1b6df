// Reads vCard files with ez-vcard (the Debian package libez-vcard-java) and prints, for each file
// named on standard input (one path a line), one JSON line: {"file": path, "cards": [summary, ...]}
// or {"file": path, "error": message}. A file ending in .json is read as jCard (Ezvcard.parseJson),
// one ending in .xml as xCard (Ezvcard.parseXml), any other as vCard. A summary holds what
// scripts/interop/compare.py compares: FN, N, EMAIL, TEL, ADR, ORG, TITLE, NOTE, URL, NICKNAME,
// CATEGORIES, BDAY, as ez-vcard reads them.
//
// A line "path<TAB>target<TAB>output" instead has ez-vcard convert the vCard file with its own
// writers, with their default options (target 2.1, 3.0 or 4.0: Ezvcard.write(cards).version(...);
// jcard: Ezvcard.writeJson; xcard: Ezvcard.writeXml) into output, UTF-8, and prints
// {"wrote": output} or {"wrote": output, "error": message}. The jCard writer needs Jackson
// (jackson-core, jackson-databind, jackson-annotations) on the class path.
//
//   javac -cp ez-vcard.jar:vinnie.jar EzSummary.java
//   ls *.vcf | java -cp .:ez-vcard.jar:vinnie.jar EzSummary
import ezvcard.Ezvcard;
import ezvcard.VCard;
import ezvcard.VCardVersion;
import ezvcard.property.*;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.List;

public class EzSummary {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder();
        String path;
        while ((path = in.readLine()) != null) {
            if (path.isEmpty()) continue;
            String[] write = path.split("\t");
            if (write.length == 3) {
                System.out.println(convert(write[0], write[1], write[2]));
                continue;
            }
            out.setLength(0);
            out.append("{\"file\": ").append(quote(path));
            try {
                List<VCard> cards = read(path);
                out.append(", \"cards\": [");
                for (int i = 0; i < cards.size(); i++) {
                    if (i > 0) out.append(", ");
                    summary(cards.get(i), out);
                }
                out.append("]}");
            } catch (Throwable e) {
                out.setLength(0);
                out.append("{\"file\": ").append(quote(path)).append(", \"error\": ").append(quote(String.valueOf(e))).append("}");
            }
            System.out.println(out);
        }
    }

    static List<VCard> read(String path) throws Exception {
        File file = new File(path);
        if (path.endsWith(".json")) return Ezvcard.parseJson(file).all();
        if (path.endsWith(".xml")) return Ezvcard.parseXml(file).all();
        return Ezvcard.parse(file).all();
    }

    static String convert(String input, String target, String output) {
        String result = "{\"wrote\": " + quote(output);
        try {
            List<VCard> cards = Ezvcard.parse(new File(input)).all();
            String text;
            switch (target) {
                case "2.1": text = Ezvcard.write(cards).version(VCardVersion.V2_1).go(); break;
                case "3.0": text = Ezvcard.write(cards).version(VCardVersion.V3_0).go(); break;
                case "4.0": text = Ezvcard.write(cards).version(VCardVersion.V4_0).go(); break;
                case "jcard": text = Ezvcard.writeJson(cards).go(); break;
                case "xcard": text = Ezvcard.writeXml(cards).go(); break;
                default: throw new IllegalArgumentException("unknown target " + target);
            }
            Files.write(new File(output).toPath(), text.getBytes(StandardCharsets.UTF_8));
            return result + "}";
        } catch (Throwable e) {
            return result + ", \"error\": " + quote(String.valueOf(e)) + "}";
        }
    }

    static void summary(VCard card, StringBuilder out) {
        List<String> fn = new ArrayList<>();
        for (FormattedName p : card.getFormattedNames()) fn.add(p.getValue());
        out.append("{\"fn\": ").append(list(fn));
        StructuredName n = card.getStructuredName();
        if (n != null) {
            List<String> parts = new ArrayList<>();
            parts.add(n.getFamily());
            parts.add(n.getGiven());
            parts.add(String.join(",", n.getAdditionalNames()));
            parts.add(String.join(",", n.getPrefixes()));
            parts.add(String.join(",", n.getSuffixes()));
            out.append(", \"n\": ").append(list(parts));
        }
        List<String> emails = new ArrayList<>();
        for (Email p : card.getEmails()) emails.add(p.getValue());
        out.append(", \"email\": ").append(list(emails));
        List<String> tels = new ArrayList<>();
        for (Telephone p : card.getTelephoneNumbers()) {
            if (p.getText() != null) tels.add(p.getText());
            else if (p.getUri() != null) tels.add(p.getUri().toString());
        }
        out.append(", \"tel\": ").append(list(tels));
        out.append(", \"adr\": [");
        boolean first = true;
        for (Address a : card.getAddresses()) {
            if (!first) out.append(", ");
            first = false;
            List<String> parts = new ArrayList<>();
            parts.add(String.join(",", a.getPoBoxes()));
            parts.add(String.join(",", a.getExtendedAddresses()));
            parts.add(String.join(",", a.getStreetAddresses()));
            parts.add(String.join(",", a.getLocalities()));
            parts.add(String.join(",", a.getRegions()));
            parts.add(String.join(",", a.getPostalCodes()));
            parts.add(String.join(",", a.getCountries()));
            out.append(list(parts));
        }
        out.append("]");
        List<String> org = new ArrayList<>();
        for (Organization p : card.getOrganizations()) org.add(String.join(";", p.getValues()));
        out.append(", \"org\": ").append(list(org));
        List<String> titles = new ArrayList<>();
        for (Title p : card.getTitles()) titles.add(p.getValue());
        out.append(", \"title\": ").append(list(titles));
        List<String> notes = new ArrayList<>();
        for (Note p : card.getNotes()) notes.add(p.getValue());
        out.append(", \"note\": ").append(list(notes));
        List<String> urls = new ArrayList<>();
        for (Url p : card.getUrls()) urls.add(p.getValue());
        out.append(", \"url\": ").append(list(urls));
        List<String> nicknames = new ArrayList<>();
        for (Nickname p : card.getNicknames()) nicknames.addAll(p.getValues());
        out.append(", \"nickname\": ").append(list(nicknames));
        List<String> categories = new ArrayList<>();
        for (Categories p : card.getCategoriesList()) categories.addAll(p.getValues());
        out.append(", \"categories\": ").append(list(categories));
        Birthday b = card.getBirthday();
        String bday = null;
        if (b != null) {
            if (b.getDate() != null) bday = new SimpleDateFormat("yyyyMMdd").format(b.getDate());
            else if (b.getPartialDate() != null) bday = b.getPartialDate().toISO8601(false);
            else bday = b.getText();
        }
        out.append(", \"bday\": ").append(quote(bday)).append("}");
    }

    static String list(List<String> values) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) s.append(", ");
            s.append(quote(values.get(i)));
        }
        return s.append("]").toString();
    }

    static String quote(String s) {
        if (s == null) return "null";
        StringBuilder q = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': q.append("\\\""); break;
                case '\\': q.append("\\\\"); break;
                case '\n': q.append("\\n"); break;
                case '\r': q.append("\\r"); break;
                case '\t': q.append("\\t"); break;
                default:
                    if (c < 0x20) q.append(String.format("\\u%04x", (int) c));
                    else q.append(c);
            }
        }
        return q.append("\"").toString();
    }
}
