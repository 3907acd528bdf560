package testkit

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"prelaunch/core/kyc/ekyc"
)

// EKYCPhoto is the photo EKYCZip puts in its files (a JPEG's first bytes: media sniffs it as one).
var EKYCPhoto = []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00test-photo")

// EKYCZip is an offline e-KYC zip as UIDAI's site makes it, signed with the development key the
// servers trust outside production (AADHAAR_CERT unset), locked with code (AES-256).
func EKYCZip(t testing.TB, name, last4, code string, generated time.Time) []byte {
	t.Helper()
	key, cert, err := ekyc.DevSigner()
	if err != nil {
		t.Fatal(err)
	}
	z, err := ekyc.SampleZip(ekyc.Sample{Name: name, DOB: "31-01-1990", Gender: "F", Last4: last4, Generated: generated,
		Photo: EKYCPhoto}, key, cert, code, ekyc.EncryptAES256)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// KYCSubmit posts the KYC form as the buyer app does: multipart fields and the zip in "file"
// (none when file is nil).
func (h HTTP) KYCSubmit(token string, fields map[string]string, file []byte) Reply {
	h.T.Helper()
	return h.Send(KYCSubmitRequest(token, fields, file))
}

// KYCSubmitRequest is the multipart request KYCSubmit sends, for a test that sets headers (the
// client's address behind a proxy, its user agent) before sending it.
func KYCSubmitRequest(token string, fields map[string]string, file []byte) *http.Request {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if file != nil {
		fw, _ := w.CreateFormFile("file", "offlineaadhaar20261127103005123.zip")
		_, _ = fw.Write(file)
	}
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/user/kyc/submit", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	setAuth(req, token)
	return req
}

// UIDAICertPEM is a freshly made self-signed certificate in PEM, standing in for UIDAI's in a
// test that runs the servers as in production (where the development certificate is refused).
func UIDAICertPEM(t testing.TB) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "UIDAI test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
}
