package company

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"reflect"
	"regexp"
	"strings"
	"unicode"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pgerr"
)

// MaxDomains is how many host names a company's buyer site may have.
const MaxDomains = 10

var labelRE = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// Domains is a list of host names as a body sends it: a JSON array of names, or one string of
// names separated by commas or spaces (as a form body or a single text box sends them).
type Domains []string

// UnmarshalJSON takes an array of strings or one string.
func (d *Domains) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*d = Domains{one}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return &json.UnmarshalTypeError{Value: "domains", Type: reflect.TypeOf(list), Field: "domains"}
	}
	*d = list
	return nil
}

func splitNames(in []string) []string {
	var out []string
	for _, s := range in {
		out = append(out, strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })...)
	}
	return out
}

// normDomains checks and normalises a company's domains: host names only, lower
// case, at most MaxDomains, none twice, none that another rule already routes (localhost, an IP
// address, another token's <symbol>.<base>). Every problem is added to v; the clean list returned.
func normDomains(v *apperr.Validation, in []string, base, ownSymbol string) []string {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, raw := range splitNames(in) {
		h := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(raw)), ".")
		if h == "" {
			continue
		}
		switch {
		case !validHost(h):
			v.Field(fmt.Sprintf("%q is not a host name: enter a domain such as sale.example.com, without http://, a port or a path.", clip(raw)), "domains")
			continue
		case seen[h]:
			v.Field(fmt.Sprintf("The domain %s is listed twice.", h), "domains")
			continue
		case base != "" && (h == base || strings.HasSuffix(h, "."+base)) && h != strings.ToLower(ownSymbol)+"."+base:
			v.Field(fmt.Sprintf("Hosts under %s belong to each token's symbol (%s.%s needs no entry): use a domain of your own.",
				base, strings.ToLower(ownSymbol), base), "domains")
			continue
		}
		seen[h] = true
		out = append(out, h)
	}
	v.CheckField(len(out) <= MaxDomains, "domains", fmt.Sprintf("A company can have at most %d domains.", MaxDomains))
	return out
}

func validHost(h string) bool {
	if len(h) > 253 || net.ParseIP(h) != nil || h == "localhost" {
		return false
	}
	labels := strings.Split(h, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if !labelRE.MatchString(l) {
			return false
		}
	}
	// the last label is a name (com, in, test, localhost), never all digits
	return strings.Trim(labels[len(labels)-1], "0123456789") != ""
}

func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// saveDomains replaces the company's domains with hosts (in order), in the caller's transaction.
// A host of another company is 409 naming it.
func saveDomains(ctx context.Context, tx bun.Tx, companyID string, hosts []string) error {
	if len(hosts) > 0 {
		var taken []string
		if err := tx.NewSelect().Table("company_domains").Column("host").
			Where("host IN (?)", bun.List(hosts)).Where("company_id <> ?", companyID).
			Order("host").Scan(ctx, &taken); err != nil {
			return err
		}
		if len(taken) > 0 {
			return domainTaken(taken[0])
		}
	}
	if _, err := tx.NewDelete().Table("company_domains").Where("company_id = ?", companyID).Exec(ctx); err != nil {
		return err
	}
	for i, h := range hosts {
		_, err := tx.ExecContext(ctx, "INSERT INTO company_domains (host, company_id, position) VALUES (?, ?, ?)", h, companyID, i+1)
		if pgerr.IsUnique(err, "") {
			return domainTaken(h) // another company took it since the check
		}
		if err != nil {
			return fmt.Errorf("insert domain: %w", err)
		}
	}
	return nil
}

func domainTaken(h string) error {
	return apperr.Conflict("domain_taken", fmt.Sprintf("The domain %s is already used by another company.", h))
}
