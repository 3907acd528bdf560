// Package ekyc reads UIDAI's Paperless Offline e-KYC: the zip a resident downloads from UIDAI's
// site, locked with a 4-character share code of their choosing, holding one XML signed by UIDAI
// (an enveloped XML-DSig). Read opens the zip, verifies the signature against the configured
// certificate (AADHAAR_CERT) and answers what the file says: name, date of birth, gender, photo,
// the Aadhaar number's last 4 digits and when UIDAI made the file. The whole Aadhaar number is
// not in the file and is never known here (docs/decisions/0011-offline-ekyc.md).
package ekyc

import (
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/beevik/etree"
	dsig "github.com/russellhaering/goxmldsig"
)

// MaxAge is how old a file may be: UIDAI's own guidance to the services that take it.
const MaxAge = 72 * time.Hour

// Root is the XML's root element.
const Root = "OfflinePaperlessKyc"

// ist is India's time, in which UIDAI writes the file's timestamp.
var ist = time.FixedZone("IST", 5*3600+1800)

// Record is what a verified file says.
type Record struct {
	Name   string
	DOB    string // YYYY-MM-DD, or YYYY when UIDAI holds only the year
	Gender string // M, F or T
	Photo  []byte // JPEG as UIDAI sends it
	Last4  string // the Aadhaar number's last 4 digits
	// Generated is when UIDAI made the file (the reference id's timestamp).
	Generated time.Time
}

// ErrSignature is a file whose signature does not verify against the configured certificate:
// not UIDAI's, or altered after UIDAI signed it.
var ErrSignature = errors.New("ekyc: signature not valid")

// ErrNotEKYC is an XML that is not an offline e-KYC file (other root, no reference id, no Poi).
var ErrNotEKYC = errors.New("ekyc: not an offline e-KYC XML")

// Verifier checks files against UIDAI's signing certificate.
type Verifier struct{ cert *x509.Certificate }

// NewVerifier parses the certificate: PEM text, or a path to a PEM or DER file (AADHAAR_CERT).
func NewVerifier(setting string) (*Verifier, error) {
	cert, err := ParseCert(setting)
	if err != nil {
		return nil, err
	}
	return &Verifier{cert: cert}, nil
}

// ParseCert reads a certificate setting: PEM text, or a path to a PEM or DER (.cer) file.
func ParseCert(setting string) (*x509.Certificate, error) {
	raw := []byte(strings.TrimSpace(setting))
	if !strings.HasPrefix(string(raw), "-----BEGIN") {
		b, err := os.ReadFile(setting)
		if err != nil {
			return nil, fmt.Errorf("AADHAAR_CERT: %w", err)
		}
		raw = b
	}
	if blk, _ := pem.Decode(raw); blk != nil {
		raw = blk.Bytes
	}
	cert, err := x509.ParseCertificate(raw)
	if err != nil {
		return nil, fmt.Errorf("AADHAAR_CERT: not a certificate: %w", err)
	}
	return cert, nil
}

// Cert is the certificate files are verified against.
func (v *Verifier) Cert() *x509.Certificate { return v.cert }

var refID = regexp.MustCompile(`^([0-9]{4})([0-9]{14})([0-9]{3})?$`)

// Verify checks the signature of an e-KYC XML and reads it. Only the signed content is read: the
// element goxmldsig answers after verifying, never the document as received, so nothing added
// beside the signed element can be taken for it.
func (v *Verifier) Verify(xml []byte) (*Record, error) {
	if len(xml) > MaxXML {
		return nil, ErrHostileZip
	}
	doc := etree.NewDocument()
	doc.ReadSettings.Permissive = false
	if err := doc.ReadFromBytes(xml); err != nil {
		return nil, ErrNotEKYC
	}
	root := doc.Root()
	if root == nil || root.Tag != Root {
		return nil, ErrNotEKYC
	}
	store := &dsig.MemoryX509CertificateStore{Roots: []*x509.Certificate{v.cert}}
	ctx := dsig.NewDefaultValidationContext(store)
	// The configured certificate is trusted as such, whatever its dates: UIDAI has gone on
	// signing with certificates past their end date, and the file's own age is checked instead.
	ctx.Clock = dsig.NewFakeClockAt(v.cert.NotBefore)
	signed, err := ctx.Validate(root)
	if err != nil {
		return nil, ErrSignature
	}
	return read(signed)
}

func read(el *etree.Element) (*Record, error) {
	m := refID.FindStringSubmatch(el.SelectAttrValue("referenceId", ""))
	if m == nil {
		return nil, ErrNotEKYC
	}
	ms := m[3]
	if ms == "" {
		ms = "000"
	}
	at, err := time.ParseInLocation("20060102150405.000", m[2]+"."+ms, ist)
	if err != nil {
		return nil, ErrNotEKYC
	}
	poi := el.FindElement("./UidData/Poi")
	if poi == nil {
		return nil, ErrNotEKYC
	}
	rec := &Record{Last4: m[1], Generated: at,
		Name:   strings.Join(strings.Fields(poi.SelectAttrValue("name", "")), " "),
		Gender: strings.ToUpper(strings.TrimSpace(poi.SelectAttrValue("gender", ""))),
		DOB:    normDOB(poi.SelectAttrValue("dob", ""))}
	if rec.Name == "" || !utf8.ValidString(rec.Name) || len(rec.Name) > 200 {
		return nil, ErrNotEKYC
	}
	if len(rec.Gender) > 1 {
		rec.Gender = rec.Gender[:1]
	}
	if pht := el.FindElement("./UidData/Pht"); pht != nil {
		b64 := strings.Join(strings.Fields(pht.Text()), "")
		if b64 != "" {
			if rec.Photo, err = base64.StdEncoding.DecodeString(b64); err != nil {
				return nil, ErrNotEKYC
			}
		}
	}
	return rec, nil
}

// normDOB turns UIDAI's DD-MM-YYYY (or YYYY) into YYYY-MM-DD (or YYYY); anything else is kept
// as written, trimmed to 20 characters.
func normDOB(s string) string {
	s = strings.TrimSpace(s)
	if t, err := time.Parse("02-01-2006", s); err == nil {
		return t.Format("2006-01-02")
	}
	if t, err := time.Parse("02/01/2006", s); err == nil {
		return t.Format("2006-01-02")
	}
	if len(s) > 20 {
		s = s[:20]
	}
	return s
}

// Read opens the zip with the share code and verifies its XML (OpenZip, Verify).
func (v *Verifier) Read(zipData []byte, shareCode string) (*Record, error) {
	xml, err := OpenZip(zipData, shareCode)
	if err != nil {
		return nil, err
	}
	return v.Verify(xml)
}
