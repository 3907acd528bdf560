package ekyc

import (
	"crypto"
	"crypto/x509"
	_ "embed"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/beevik/etree"
	dsig "github.com/russellhaering/goxmldsig"
)

// The development signer: a key and certificate committed with the code, NOT UIDAI's. Outside
// production, when AADHAAR_CERT is not set, files are verified against DevCertPEM, so that
// `prelaunch ekyc-sample` (which signs with DevKeyPEM) makes files the local servers accept.
// Production refuses to start without AADHAAR_CERT and refuses this certificate in it.
var (
	//go:embed dev_cert.pem
	DevCertPEM string
	//go:embed dev_key.pem
	DevKeyPEM string
)

// Sample is a file to make: what UIDAI would write for a resident.
type Sample struct {
	Name      string
	DOB       string // DD-MM-YYYY as UIDAI writes it
	Gender    string // M, F or T
	Last4     string // the Aadhaar number's last 4 digits
	Generated time.Time
	Photo     []byte // JPEG; empty for none
	// SHA256 signs with RSA-SHA256 and digests with SHA-256 (UIDAI's files use SHA-1).
	SHA256 bool
}

// SignedXML is the sample's XML, signed like UIDAI's: an enveloped signature over the whole
// document, inclusive C14N 1.0, RSA-SHA1 (or RSA-SHA256), no KeyInfo.
func SignedXML(s Sample, key crypto.Signer, cert *x509.Certificate) ([]byte, error) {
	if len(s.Last4) != 4 {
		return nil, errors.New("ekyc sample: last4 must be 4 digits")
	}
	doc := etree.NewDocument()
	doc.CreateProcInst("xml", `version="1.0" encoding="UTF-8"`)
	root := doc.CreateElement(Root)
	at := s.Generated.In(ist)
	root.CreateAttr("referenceId", s.Last4+at.Format("20060102150405")+fmt.Sprintf("%03d", at.Nanosecond()/1e6))
	uid := root.CreateElement("UidData")
	poi := uid.CreateElement("Poi")
	poi.CreateAttr("dob", s.DOB)
	poi.CreateAttr("e", strings.Repeat("0", 64))
	poi.CreateAttr("gender", s.Gender)
	poi.CreateAttr("m", strings.Repeat("0", 64))
	poi.CreateAttr("name", s.Name)
	poa := uid.CreateElement("Poa")
	for _, a := range []string{"careof", "country", "dist", "house", "landmark", "loc", "pc", "po", "state", "street", "subdist", "vtc"} {
		poa.CreateAttr(a, "")
	}
	poa.SelectAttr("country").Value = "India"
	uid.CreateElement("Pht").SetText(base64.StdEncoding.EncodeToString(s.Photo))

	ctx, err := dsig.NewSigningContext(key, [][]byte{cert.Raw})
	if err != nil {
		return nil, err
	}
	ctx.Canonicalizer = dsig.MakeC14N10RecCanonicalizer()
	ctx.Prefix = ""
	method, hash := dsig.RSASHA1SignatureMethod, crypto.SHA1
	if s.SHA256 {
		method, hash = dsig.RSASHA256SignatureMethod, crypto.SHA256
	}
	if err := ctx.SetSignatureMethod(method); err != nil {
		return nil, err
	}
	ctx.Hash = hash
	sig, err := ctx.ConstructSignature(root, true)
	if err != nil {
		return nil, err
	}
	// UIDAI's signature carries no KeyInfo: the verifier knows UIDAI's certificate.
	if ki := sig.SelectElement("KeyInfo"); ki != nil {
		sig.RemoveChild(ki)
	}
	root.AddChild(sig)
	return doc.WriteToBytes()
}

// SampleZip is a sample's signed XML zipped and locked with the share code, named as UIDAI
// names its files.
func SampleZip(s Sample, key crypto.Signer, cert *x509.Certificate, shareCode, enc string) ([]byte, error) {
	xml, err := SignedXML(s, key, cert)
	if err != nil {
		return nil, err
	}
	name := "offlineaadhaar" + s.Generated.In(ist).Format("20060102150405") + "000.xml"
	return LockedZip(name, xml, shareCode, enc)
}

// DevSigner is the development key and certificate (DevKeyPEM, DevCertPEM).
func DevSigner() (crypto.Signer, *x509.Certificate, error) {
	blk, _ := pem.Decode([]byte(DevKeyPEM))
	if blk == nil {
		return nil, nil, errors.New("ekyc: bad development key")
	}
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, nil, err
	}
	signer, ok := k.(crypto.Signer)
	if !ok {
		return nil, nil, errors.New("ekyc: development key cannot sign")
	}
	cert, err := ParseCert(DevCertPEM)
	if err != nil {
		return nil, nil, err
	}
	return signer, cert, nil
}

// IsDevCert reports whether cert is the development certificate (refused in production).
func IsDevCert(cert *x509.Certificate) bool {
	dev, err := ParseCert(DevCertPEM)
	return err == nil && dev.Equal(cert)
}
